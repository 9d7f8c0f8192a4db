// A replay that reaches into a month of a history table that retention archived and dropped is
// answered 410 EVENTS_ARCHIVED, naming the archive, instead of silently skipping the month.
import { kysely } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { type HistoryTable, monthOf } from "@/lib/history/history-tables";

/** Throws EVENTS_ARCHIVED when the month of `at` (UTC) of the table was archived. */
export async function assertMonthNotArchived(table: HistoryTable["table"], at: Date): Promise<void> {
  const month = monthOf(at);
  const archived = await kysely()
    .selectFrom("HistoryArchive")
    .select(["location", "archivedAt"])
    .where("table", "=", table)
    .where("month", "=", month)
    .orderBy("archivedAt")
    .executeTakeFirst();
  if (!archived) return;
  throw new AppError(
    "EVENTS_ARCHIVED",
    `The events of ${month} are past the service's retention: they were archived and are no longer replayed. Start from a later since.`,
    {
      archive: {
        table,
        month,
        location: archived.location,
        archivedAt: archived.archivedAt.toISOString(),
      },
    },
  );
}
