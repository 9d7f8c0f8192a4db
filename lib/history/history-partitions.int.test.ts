// The history tables' partitions on a migrated database (issue 38 §3): the months ahead are made, a row
// of a month without a partition is moved into one made for it, an expired month is archived whole and
// dropped (no DELETE), each table by its own retention, and a replay into an archived month is a 410
// that names the archive.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as eventsRoute } from "@/app/v1/movement-requests/events/route";
import { POST as createEndpointRoute } from "@/app/v1/webhooks/endpoints/route";
import { POST as replayRoute } from "@/app/v1/webhooks/endpoints/[id]/replay/route";
import { sql } from "@/lib/db";
import { useHistoryArchiveStore } from "@/lib/history/archive-store";
import { expirePartitions, partitionMonths } from "@/lib/history/expire-partitions";
import { HISTORY_TABLES, type HistoryTable } from "@/lib/history/history-tables";
import { maintainPartitions } from "@/lib/history/maintain-partitions";
import { readArchive } from "@/lib/history/read-archive";
import { ulid } from "ulid";
import { newId } from "@/lib/ids";
import { folderStore } from "@/lib/object-store/folder-store";
import { callRoute } from "@/test/call-route";
import { createTenant, type Tenant } from "@/test/tenant";
import { setupTestDatabase } from "@/test/test-database";

const database = setupTestDatabase();
const tableOf = (name: HistoryTable["table"]) => HISTORY_TABLES.find((table) => table.table === name)!;
const NOW = new Date();
const monthsAgo = (months: number, day = 15) =>
  new Date(Date.UTC(NOW.getUTCFullYear(), NOW.getUTCMonth() - months, day, 12));
const monthText = (at: Date) => at.toISOString().slice(0, 7);

let archiveDir: string;
let tenant: Tenant;

beforeAll(async () => {
  archiveDir = await mkdtemp(path.join(tmpdir(), "vms-history-test-"));
  useHistoryArchiveStore(folderStore(archiveDir));
  tenant = await createTenant(database.prisma);
});

afterAll(async () => {
  useHistoryArchiveStore(undefined);
  await rm(archiveDir, { recursive: true, force: true });
});

/** An event as made `at`: its id is a ULID of that instant, as newId() would have made then. */
async function insertEventAt(at: Date, envelope = true): Promise<string> {
  const id = ulidAt(at);
  await database.kysely
    .insertInto("Event")
    .values({
      id,
      organisationId: tenant.organisation.id,
      profileId: tenant.profile.id,
      type: "movement.collected",
      resourceType: "movement",
      resourceId: `leg-${id}`,
      resourceVersion: 1,
      occurredAt: at,
      payload: { at: at.toISOString() },
      envelope: envelope ? JSON.stringify({ eventType: "movement.collected", eventId: id }) : null,
    })
    .execute();
  return id;
}

/** A ULID made at `at`, as newId() would have made it then. */
function ulidAt(at: Date): string {
  return ulid(at.getTime());
}

async function partitionOf(table: string, id: string): Promise<string | undefined> {
  const { rows } = await sql<{ name: string }>`
    SELECT tableoid::regclass::text AS name FROM ${sql.table(table)} WHERE id = ${id}`.execute(
    database.kysely,
  );
  return rows[0]?.name;
}

describe("history partitions", () => {
  it("holds all five tables partitioned by month, with this month and three ahead", async () => {
    const swapped = await database.kysely.selectFrom("HistoryMigration").selectAll().execute();
    expect(swapped.map((row) => row.table).sort()).toEqual(HISTORY_TABLES.map((t) => t.table).sort());
    for (const row of swapped) expect(row.swappedAt).not.toBeNull();
    await maintainPartitions(NOW);
    for (const table of HISTORY_TABLES) {
      const months = await partitionMonths(table);
      for (let ahead = 0; ahead <= 3; ahead++) expect(months).toContain(monthText(monthsAgo(-ahead, 1)));
    }
  });

  it("makes a later month's partition when its time comes", async () => {
    const later = monthsAgo(-7);
    expect(await partitionMonths(tableOf("Event"))).not.toContain(monthText(later));
    expect(await maintainPartitions(later)).toBeGreaterThan(0);
    expect(await partitionMonths(tableOf("Event"))).toContain(monthText(later));
  });

  it("moves a row of a month without a partition out of the default partition", async () => {
    const old = monthsAgo(30);
    const id = await insertEventAt(old);
    expect(await partitionOf("Event", id)).toBe('"Event_default"');
    await maintainPartitions(NOW);
    expect(await partitionOf("Event", id)).toBe(`"Event_p${monthText(old).replace("-", "")}"`);
    // An id that is no ULID has no month: it stays in the default partition, stored all the same.
    await database.kysely
      .insertInto("Event")
      .values({
        id: "legacy-event-1",
        organisationId: tenant.organisation.id,
        profileId: tenant.profile.id,
        type: "movement.collected",
        resourceType: "movement",
        resourceId: "legacy",
        resourceVersion: 1,
        occurredAt: old,
        payload: {},
      })
      .execute();
    await maintainPartitions(NOW);
    expect(await partitionOf("Event", "legacy-event-1")).toBe('"Event_default"');
  });

  it("archives an expired month whole, then drops it, each table by its own retention", async () => {
    const expiredEventAt = monthsAgo(27);
    const keptEventAt = monthsAgo(20);
    const expiredIds = [await insertEventAt(expiredEventAt), await insertEventAt(expiredEventAt, false)];
    const keptId = await insertEventAt(keptEventAt);
    // Attempts go after 90 days: one of five months ago goes, the event of that month stays.
    const attemptAt = monthsAgo(5);
    const attemptId = ulidAt(attemptAt);
    const endpoint = await database.kysely
      .insertInto("WebhookEndpoint")
      .values({
        id: newId(),
        organisationId: tenant.organisation.id,
        profileId: tenant.profile.id,
        url: "https://example.com/hook",
        eventTypes: [],
        updatedAt: NOW,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await database.kysely
      .insertInto("WebhookAttempt")
      .values({
        id: attemptId,
        organisationId: tenant.organisation.id,
        deliveryId: ulidAt(attemptAt),
        endpointId: endpoint.id,
        attemptNumber: 1,
        attemptedAt: attemptAt,
        durationMs: 12,
        succeeded: true,
      })
      .execute();
    const fiveMonthEvent = await insertEventAt(attemptAt);
    await maintainPartitions(NOW);

    const expired = await expirePartitions(NOW);
    const byTable = (table: string) => expired.filter((month) => month.table === table).map((m) => m.month);
    expect(byTable("Event")).toContain(monthText(expiredEventAt));
    expect(byTable("Event")).not.toContain(monthText(keptEventAt));
    expect(byTable("WebhookAttempt")).toContain(monthText(attemptAt));
    expect(byTable("Event")).not.toContain(monthText(attemptAt));

    // Dropped: the rows are gone, the partition too; the kept ones are there.
    expect(await partitionOf("Event", expiredIds[0]!)).toBeUndefined();
    expect(await partitionMonths(tableOf("Event"))).not.toContain(monthText(expiredEventAt));
    expect(await partitionOf("Event", keptId)).toBeDefined();
    expect(await partitionOf("Event", fiveMonthEvent)).toBeDefined();
    expect(await partitionOf("WebhookAttempt", attemptId)).toBeUndefined();

    // Archived first: every row of the month, every column, and recorded.
    const record = await database.kysely
      .selectFrom("HistoryArchive")
      .selectAll()
      .where("table", "=", "Event")
      .where("month", "=", monthText(expiredEventAt))
      .executeTakeFirstOrThrow();
    expect(record.location).toBe(`archive/Event/${monthText(expiredEventAt)}.ndjson.gz`);
    const rows: Record<string, unknown>[] = [];
    for await (const row of readArchive(record.location)) rows.push(row as Record<string, unknown>);
    expect(rows.map((row) => row.id).sort()).toEqual([...expiredIds].sort());
    expect(Number(record.rows)).toBe(2);
    expect(rows[0]).toMatchObject({ organisationId: tenant.organisation.id, type: "movement.collected" });

    // A second pass finds nothing more to do.
    expect(await expirePartitions(NOW)).toEqual([]);
  });

  it("answers a replay into an archived month with 410, naming the archive", async () => {
    const archivedMonth = monthText(monthsAgo(27));
    const since = `${archivedMonth}-20T00:00:00.000Z`;
    const events = await callRoute(eventsRoute, {
      path: `/v1/movement-requests/events?since=${since}`,
      apiKey: tenant.integrationKey,
    });
    expect(events.status).toBe(410);
    expect(events.headers.get("content-type")).toBe("application/problem+json");
    expect(await events.json()).toMatchObject({
      status: 410,
      code: "EVENTS_ARCHIVED",
      archive: {
        table: "Event",
        month: archivedMonth,
        location: `archive/Event/${archivedMonth}.ndjson.gz`,
      },
    });

    const created = await callRoute(createEndpointRoute, {
      method: "POST",
      path: "/v1/webhooks/endpoints",
      apiKey: tenant.integrationKey,
      body: { url: "https://93.184.215.14/hook" },
    });
    const { id } = (await created.json()) as { id: string };
    const replay = await callRoute(replayRoute, {
      method: "POST",
      path: `/v1/webhooks/endpoints/${id}/replay`,
      apiKey: tenant.integrationKey,
      params: { id },
      body: { since },
    });
    expect(replay.status).toBe(410);
    expect(await replay.json()).toMatchObject({ code: "EVENTS_ARCHIVED" });

    // A since in a month that is kept is answered as before.
    const kept = await callRoute(eventsRoute, {
      path: `/v1/movement-requests/events?since=${monthsAgo(1).toISOString()}`,
      apiKey: tenant.integrationKey,
    });
    expect(kept.status).toBe(200);
  });
});
