// CSV export of the board's current filter and sort: every matching row, not just the page on screen.
// Read in keyset batches (each starts after the previous batch's last row, by index; one statement each,
// board-sql.ts), so the time grows with the rows exported and memory stays one batch, however deep the
// export goes. A sort other than "created" exports its working set (board-working-set.ts), as the page
// shows it.
import { boardKeyValues } from "@/lib/movement-requests/board/board-keyset";
import type { BoardQuery } from "@/lib/movement-requests/board/board-query";
import {
  toBoardRow,
  utcToday,
  type BoardRow,
  type BoardRowSource,
} from "@/lib/movement-requests/board/board-row";
import { readBoardRows } from "@/lib/movement-requests/board/board-sql";
import { withWorkingSet } from "@/lib/movement-requests/board/board-working-set";
import { toDateOnly } from "@/lib/dates";
import { csvLine, decimalAmount } from "@/lib/movement-requests/board/csv";
import { BOARD_STATUS_LABEL } from "@/lib/movement-requests/board/board-status-labels";

/**
 * Rows a statement reads. A sort other than "created" reads its whole working set again for every
 * batch (a month of deadlines: ~42,000 rows, ~50 ms at 1 M), so batches are large: 5 statements for such
 * an export, not 22; one batch of rows in memory is a few MB.
 */
const BATCH = 10_000;
/** A safety limit: an export beyond it is cut (and says so in its last line). */
export const CSV_EXPORT_MAX_ROWS = 100_000;

const COLUMNS: [header: string, value: (row: BoardRow) => string | number | null][] = [
  ["Request id", (row) => row.id],
  ["Status", (row) => row.status],
  ["Status label", (row) => BOARD_STATUS_LABEL[row.status]],
  ["Late", (row) => (row.isLate ? "yes" : "no")],
  ["VRM", (row) => row.vehicle.vrm],
  ["VIN", (row) => row.vehicle.vin],
  ["Make", (row) => row.vehicle.make],
  ["Model", (row) => row.vehicle.model],
  ["External vehicle id", (row) => row.vehicle.externalVehicleId],
  ["External id", (row) => row.externalId],
  ["Business area", (row) => row.businessArea],
  ["Transport method", (row) => row.transportMethod],
  ["Origin code", (row) => row.origin.code],
  ["Origin", (row) => row.origin.name],
  ["Destination code", (row) => row.destination.code],
  ["Destination", (row) => row.destination.name],
  ["Ready from", (row) => row.readyDate],
  ["Ready slot", (row) => row.readySlot],
  ["Deliver by", (row) => row.dueDate],
  ["Deliver by slot", (row) => row.dueSlot],
  ["Deliver by time", (row) => row.dueTime],
  ["Estimated collection", (row) => row.estimatedCollectionDate],
  ["Estimated collection slot", (row) => row.estimatedCollectionSlot],
  ["Estimated delivery", (row) => row.estimatedDeliveryDate],
  ["Estimated delivery slot", (row) => row.estimatedDeliverySlot],
  ["Carrier type", (row) => row.carrier?.type ?? null],
  ["Carrier", (row) => row.carrier?.name ?? null],
  ["Legs", (row) => row.legCount],
  [
    "Estimated cost",
    (row) => row.estimatedCost && decimalAmount(row.estimatedCost.centAmount, row.estimatedCost.currencyCode),
  ],
  ["Estimated cost currency", (row) => row.estimatedCost?.currencyCode ?? null],
  ["Cost", (row) => row.cost && decimalAmount(row.cost.centAmount, row.cost.currencyCode)],
  ["Cost currency", (row) => row.cost?.currencyCode ?? null],
  ["Created at", (row) => row.createdAt],
  ["Updated at", (row) => row.updatedAt],
];

/** The export, chunk by chunk (a header line, then one chunk per batch of rows). */
export async function* boardCsvChunks(
  organisationId: string,
  requested: BoardQuery,
  now: Date = new Date(),
): AsyncGenerator<string> {
  const today = utcToday(now);
  // The rows of the view it was started from, in the same working set.
  const { query } = withWorkingSet(requested, toDateOnly(today));
  yield csvLine(COLUMNS.map(([header]) => header));
  // One statement per batch: the batch's ids, then their rows, sites and carriers.
  const read = (after: BoardRowSource | undefined, limit: number) => {
    const batch = readBoardRows({
      organisationId,
      query,
      today,
      after: after && boardKeyValues(query, after),
      limit,
    });
    // Awaited below; when the download is abandoned first, its failure must not go unhandled.
    batch.catch(() => undefined);
    return batch;
  };
  let pending = read(undefined, Math.min(BATCH, CSV_EXPORT_MAX_ROWS));
  for (let exported = 0; exported < CSV_EXPORT_MAX_ROWS;) {
    const requests = await pending;
    exported += requests.length;
    const full = requests.length === BATCH;
    // The next batch is read while this one is written out (it starts after this one's last row).
    if (full && exported < CSV_EXPORT_MAX_ROWS) {
      pending = read(requests.at(-1), Math.min(BATCH, CSV_EXPORT_MAX_ROWS - exported));
    }
    yield requests
      .map((request) => {
        const row = toBoardRow(request, today);
        return csvLine(COLUMNS.map(([, value]) => value(row)));
      })
      .join("");
    if (!full) return;
  }
  yield csvLine([`Export cut at ${CSV_EXPORT_MAX_ROWS} rows: narrow the filter.`]);
}

/** The whole export as one string (tests, small organisations). */
export async function exportBoardCsv(organisationId: string, query: BoardQuery, now?: Date): Promise<string> {
  let csv = "";
  for await (const chunk of boardCsvChunks(organisationId, query, now)) csv += chunk;
  return csv;
}

/** A file name that says what it holds: movements-2026-11-22.csv. */
export function boardCsvFileName(now: Date = new Date()): string {
  return `movements-${now.toISOString().slice(0, 10)}.csv`;
}
