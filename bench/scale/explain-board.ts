// EXPLAIN (ANALYZE, BUFFERS) of the statements the board sends for a view (issue #15): its page and its
// bounded count, as lib/movement-requests/board/board-sql.ts builds them.
//   DATABASE_URL=postgres://…/vms_bench_scale npx tsx bench/scale/explain-board.ts 'sort=origin&dir=asc'
//   options after the view: --count (the count only), --rows (the page only), --limit N (rows read,
//   e.g. 1000 for a CSV export batch), --map (the Map view's two statements instead: lanes, vehicles)
import { kysely, sql, type RawBuilder } from "@/lib/db";
import { BOARD_COUNT_LIMIT, parseBoardQuery } from "@/lib/movement-requests/board/board-query";
import { utcToday } from "@/lib/movement-requests/board/board-row";
import { withWorkingSet } from "@/lib/movement-requests/board/board-working-set";
import { toDateOnly } from "@/lib/dates";
import { boardCountSql, boardRowsSql } from "@/lib/movement-requests/board/board-sql";
import { boardMapLanesSql, boardMapVehiclesSql, MAP_VEHICLE_LIMIT } from "@/lib/maps/board-map";

const [view = "", ...flags] = process.argv.slice(2);
const today = utcToday();
// As the board reads it: a sort other than "created" within its working set.
const { query } = withWorkingSet(parseBoardQuery(new URLSearchParams(view)), toDateOnly(today));
const limitAt = flags.indexOf("--limit");
const limit = limitAt >= 0 ? Number(flags[limitAt + 1]) : query.pageSize + 1;
const db = kysely();
const { rows: busiest } = await sql<{ organisationId: string }>`
  select "organisationId" from "MovementRequest" group by 1 order by count(*) desc limit 1`.execute(db);
const organisationId = busiest[0]!.organisationId;

async function explain(title: string, statement: RawBuilder<unknown>) {
  const compiled = statement.compile(db);
  const { rows } = await db.executeQuery<{ "QUERY PLAN": string }>({
    ...compiled,
    sql: `explain (analyze, buffers, costs off) ${compiled.sql}`,
  });
  console.log(`--- ${title}\n${rows.map((row) => row["QUERY PLAN"]).join("\n")}\n`);
}

if (flags.includes("--map")) {
  await explain(`map lanes: ${view || "(open)"}`, boardMapLanesSql(organisationId, query, new Date()));
  await explain(
    `map vehicles: ${view || "(open)"}`,
    boardMapVehiclesSql(organisationId, query, new Date(), MAP_VEHICLE_LIMIT + 1),
  );
} else {
  if (!flags.includes("--count")) {
    await explain(`page: ${view || "(default)"}`, boardRowsSql({ organisationId, query, today, limit }));
  }
  if (!flags.includes("--rows")) {
    await explain("count", boardCountSql(organisationId, query, today, BOARD_COUNT_LIMIT + 1));
  }
}
await db.destroy();
