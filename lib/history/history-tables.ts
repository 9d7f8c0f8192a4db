// The history tables kept in monthly partitions (issue 38 §3; migration 20261201000000_history_partitions):
// what each is partitioned by and which setting holds its retention. Event, WebhookDelivery,
// WebhookAttempt and MovementRequestStatusChange by id (a ULID: its first ten characters are its
// creation time), VehiclePosition by recordedAt, which its unique key (movementId, recordedAt) holds.
import type { Env } from "@/lib/env";

export type HistoryTable = {
  table: "Event" | "WebhookDelivery" | "WebhookAttempt" | "MovementRequestStatusChange" | "VehiclePosition";
  keyColumn: "id" | "recordedAt";
  /** How a month is bounded: by the first id made in it, or by its first instant. */
  keyKind: "ulid" | "timestamp";
  retentionSetting: keyof Env &
    `HISTORY_RETENTION_${"EVENT" | "WEBHOOK_DELIVERY" | "WEBHOOK_ATTEMPT" | "STATUS_CHANGE" | "POSITION"}`;
};

export const HISTORY_TABLES: readonly HistoryTable[] = [
  { table: "Event", keyColumn: "id", keyKind: "ulid", retentionSetting: "HISTORY_RETENTION_EVENT" },
  {
    table: "WebhookDelivery",
    keyColumn: "id",
    keyKind: "ulid",
    retentionSetting: "HISTORY_RETENTION_WEBHOOK_DELIVERY",
  },
  {
    table: "WebhookAttempt",
    keyColumn: "id",
    keyKind: "ulid",
    retentionSetting: "HISTORY_RETENTION_WEBHOOK_ATTEMPT",
  },
  {
    table: "MovementRequestStatusChange",
    keyColumn: "id",
    keyKind: "ulid",
    retentionSetting: "HISTORY_RETENTION_STATUS_CHANGE",
  },
  {
    table: "VehiclePosition",
    keyColumn: "recordedAt",
    keyKind: "timestamp",
    retentionSetting: "HISTORY_RETENTION_POSITION",
  },
];

/** Months ahead of this one whose partitions exist before their first row. */
export const MONTHS_AHEAD = 3;

/** "YYYY-MM" of an instant, in UTC (partitions are months of UTC). */
export function monthOf(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/** The partition holding a month of a table: "Event_p202611". */
export function partitionName(table: HistoryTable["table"], month: string): string {
  return `${table}_p${month.replace("-", "")}`;
}
