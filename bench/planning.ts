// Benchmark (issue #39 §2): the planner on a pool of 2,000 requests, 60 drivers and 4 3PLs over a
// working week, against the target of 10 s on this machine; then its gap to the exact optimum (HiGHS,
// test/planning/exact-plan.ts) on small pools. Pure: no database, no server. Reports the time, the
// cost, the lateness, the plan's shape, and that an outside check finds the plan feasible.
//   npm run bench:planning
//   npm run bench:planning -- --requests 500 --drivers 20 --small-cases 50
import { parseArgs } from "node:util";
import { machineInfo, writeResult } from "@/bench/lib/results";
import { markdownTable, printTable } from "@/bench/lib/table";
import { atMost, targetRows } from "@/bench/lib/targets";
import { toPlanBody } from "@/lib/planning/plan-pool";
import { compileProblem } from "@/lib/planning/problem";
import { solve } from "@/lib/planning/solve";
import { checkPlan } from "@/test/planning/check-plan";
import { exactObjective, objectiveOf } from "@/test/planning/exact-plan";
import { randomPool } from "@/test/planning/random-pool";

const { values: args } = parseArgs({
  options: {
    requests: { type: "string", default: "2000" },
    drivers: { type: "string", default: "60" },
    providers: { type: "string", default: "4" },
    sites: { type: "string", default: "80" },
    days: { type: "string", default: "5" },
    "time-limit-ms": { type: "string", default: "8000" },
    "small-cases": { type: "string", default: "40" },
    seed: { type: "string", default: "39" },
  },
});
const TARGET_SECONDS = 10;
const machine = machineInfo();
const seed = Number(args.seed);

const input = randomPool({
  seed,
  requests: Number(args.requests),
  drivers: Number(args.drivers),
  providers: Number(args.providers),
  sites: Number(args.sites),
  days: Number(args.days),
});
const runs = [
  { name: "construction only", timeLimitMs: 0 },
  { name: "with local search", timeLimitMs: Number(args["time-limit-ms"]) },
].map(({ name, timeLimitMs }) => {
  const started = performance.now();
  const problem = compileProblem(input);
  const plan = toPlanBody(problem, solve(problem, { timeLimitMs }));
  const seconds = (performance.now() - started) / 1000;
  return {
    run: name,
    seconds: Math.round(seconds * 100) / 100,
    costGBP: plan.totals.costCents / 100,
    latenessPenaltyGBP: plan.totals.latenessPenaltyCents / 100,
    lateRequests: plan.totals.lateRequests,
    emptyKm: Math.round(plan.totals.emptyKm),
    driverMoves: plan.drivers.reduce((sum, chain) => sum + chain.moves.length, 0),
    driversUsed: plan.drivers.length,
    thirdParty: plan.thirdParty.length,
    unplanned: plan.unplanned.length,
    feasibilityProblems: checkPlan(input, plan).length,
  };
});
const title = `Planner: ${args.requests} requests, ${args.drivers} drivers, ${args.providers} 3PLs, ${args.days} days`;
printTable(title, runs);

const gaps: number[] = [];
for (let caseSeed = seed; gaps.length < Number(args["small-cases"]); caseSeed++) {
  const small = compileProblem(
    randomPool({ seed: caseSeed, requests: 6, drivers: 2, providers: 2, sites: 6, days: 2 }),
  );
  const heuristic = objectiveOf(small, solve(small, { timeLimitMs: 1000 }));
  const optimum = await exactObjective(small);
  gaps.push(optimum > 0 ? (heuristic - optimum) / optimum : 0);
}
const gapRows = [
  {
    cases: gaps.length,
    optimal: gaps.filter((gap) => gap < 1e-9).length,
    meanGapPercent: (100 * gaps.reduce((sum, gap) => sum + gap, 0)) / gaps.length,
    maxGapPercent: 100 * Math.max(...gaps),
  },
];
printTable("Gap to the exact optimum (HiGHS) on small pools: 6 requests, 2 drivers, 2 3PLs, 2 days", gapRows);

const fullRun = runs[1]!;
const targets = targetRows([
  atMost(`plan ${args.requests} requests in ≤ ${TARGET_SECONDS} s`, fullRun.seconds, TARGET_SECONDS, "s"),
]);
printTable("Targets", targets);
console.log(`\n${markdownTable(runs)}\n\n${markdownTable(gapRows)}\n\n${markdownTable(targets)}`);
writeResult("planning", { command: "npm run bench:planning", machine, args, runs, gaps: gapRows, targets });
process.exitCode = fullRun.feasibilityProblems > 0 || !targets.every((row) => row.verdict === "met") ? 1 : 0;
