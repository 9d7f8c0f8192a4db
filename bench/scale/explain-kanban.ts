// EXPLAIN (ANALYZE, BUFFERS) of the statements the kanban sends (lib/prep-jobs/kanban/get-kanban-board.ts)
// at the busiest prep site: each part's group counts and the oldest cards of its biggest groups. The
// "recently finished" part is read for the week before the site's last finished job (a generated data
// set ends before today), so that it has a week of jobs to find among years of them.
//   DATABASE_URL=postgres://…/vms_bench_scale npx tsx --conditions=react-server bench/scale/explain-kanban.ts
//   options: --search TEXT
import { parseArgs } from "node:util";
import { kysely, sql, type Kdb } from "@/lib/db";
import {
  CARDS_PER_GROUP,
  DELIVERED_VISIBLE_DAYS,
  kanbanCountsQuery,
  kanbanOldestQuery,
  type KanbanPart,
} from "@/lib/prep-jobs/kanban/get-kanban-board";
import type { Compilable } from "kysely";

const { values: args } = parseArgs({ options: { search: { type: "string" } } });
const db: Kdb = kysely();
const { rows } = await sql<{ prepSiteId: string; organisationId: string; lastFinished: Date }>`
  select "prepSiteId", "organisationId", max("finishedAt") as "lastFinished" from "PrepJob"
  where "prepSiteId" is not null group by 1, 2 order by count(*) desc limit 1`.execute(db);
const { prepSiteId, organisationId, lastFinished } = rows[0]!;
console.log(`busiest prep site ${prepSiteId}; last finished job ${lastFinished.toISOString()}\n`);

async function explain(title: string, statement: Compilable) {
  const compiled = statement.compile();
  const { rows: plan } = await db.executeQuery<{ "QUERY PLAN": string }>({
    ...compiled,
    sql: `explain (analyze, buffers, costs off) ${compiled.sql}`,
  });
  console.log(`--- ${title}\n${plan.map((row) => row["QUERY PLAN"]).join("\n")}\n`);
}

const parts: [string, KanbanPart][] = [
  ["open jobs", { finished: false }],
  [
    "recently finished",
    { finished: true, since: new Date(lastFinished.getTime() - DELIVERED_VISIBLE_DAYS * 86_400_000) },
  ],
];
for (const [name, part] of parts) {
  const counts = kanbanCountsQuery(organisationId, prepSiteId, part, args.search);
  await explain(`${name}: group counts`, counts);
  const groups = (await counts.execute()).sort((a, b) => Number(b.count) - Number(a.count));
  const biggest = groups[0];
  if (biggest) {
    await explain(
      `${name}: oldest ${CARDS_PER_GROUP} of ${biggest.stage}/${biggest.substage ?? "-"} (${biggest.count} jobs)`,
      kanbanOldestQuery(organisationId, prepSiteId, part, args.search, biggest, CARDS_PER_GROUP),
    );
  }
}
await db.destroy();
