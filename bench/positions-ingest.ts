// Benchmark (issue #35 §2): positions ingested over the operations API, against the target of 1,000
// positions/s on this machine. On a fresh database with the demo seed, the production server (one web
// process per core, the worker in process, as `npm start` runs), 50 of the demo organisation's requests
// are put on the road (created, planned with a demo driver, collected). Then autocannon posts to
// POST /v1/operations/movement-requests/{id}/positions, rotating over them, each call a batch of
// `batch` positions with times of their own (as phones and telematics send them), for each batch size.
// Every stored row is counted afterwards: positions/s is what the database holds, not what was sent.
//   npm run bench:positions
//   npm run bench:positions -- --batches 1,10,50 --seconds 20 --connections 16
import { parseArgs } from "node:util";
import { api, API_KEY, createRequestBody, createRequests, JSON_HEADERS } from "@/bench/lib/api-scenarios";
import { createBenchDatabase, migrateAndSeed, withClient } from "@/bench/lib/database";
import { runLoad } from "@/bench/lib/load";
import { startProductionServer } from "@/bench/lib/production-server";
import { postgresVersion } from "@/bench/lib/postgres-version";
import { machineInfo, writeResult } from "@/bench/lib/results";
import { markdownTable, printTable } from "@/bench/lib/table";
import { atLeast, targetRows } from "@/bench/lib/targets";
import { env } from "@/lib/env";

const { values: args } = parseArgs({
  options: {
    batches: { type: "string", default: "1,10,50" },
    seconds: { type: "string", default: "20" },
    connections: { type: "string", default: "16" },
    port: { type: "string", default: "3290" },
  },
});
const TARGET_POSITIONS_PER_SECOND = 1_000;
const OPERATIONS_KEY = env().DEMO_OPS_API_KEY;

const database = await createBenchDatabase("positions");
await migrateAndSeed(database.url);
const server = await startProductionServer({
  name: "positions",
  port: Number(args.port),
  databaseUrl: database.url,
});
try {
  const requestIds = await requestsOnTheRoad(server.baseUrl);
  const rows = [];
  for (const batch of args.batches.split(",").map(Number)) {
    const before = await storedPositions(database.url);
    let call = 0;
    const started = Date.now();
    const load = await runLoad({
      url: server.baseUrl,
      method: "POST",
      headers: { ...JSON_HEADERS, "x-service-api-key": OPERATIONS_KEY },
      connections: Number(args.connections),
      durationSeconds: Number(args.seconds),
      setupRequest: (request) => {
        call += 1;
        request.path = `/v1/operations/movement-requests/${requestIds[call % requestIds.length]}/positions`;
        request.body = JSON.stringify({ positions: positionsOf(call, batch, started) });
        return request;
      },
    });
    const stored = (await storedPositions(database.url)) - before;
    rows.push({
      "positions per call": batch,
      "calls/s": Math.round(load.requestsPerSecond),
      "positions/s stored": Math.round(stored / Number(args.seconds)),
      "p50 ms": load.p50Ms,
      "p99 ms": load.p99Ms,
      "non-2xx": load.non2xx,
      errors: load.errors,
    });
  }
  printTable("Position ingest", rows);
  // The API takes up to 500 positions a call, and phones and telematics send batches: the target is
  // the best batch size's; the others are reported beside it.
  const best = Math.max(...rows.map((row) => row["positions/s stored"]));
  const checks = [atLeast("ingest ≥ 1,000 positions/s", best, TARGET_POSITIONS_PER_SECOND, "positions/s")];
  printTable("Targets", targetRows(checks));
  const file = writeResult("positions-ingest", {
    machine: machineInfo(await postgresVersion()),
    settings: args,
    rows,
    targets: checks,
    markdown: markdownTable(rows),
  });
  console.log(`Written to ${file}`);
} finally {
  await server.stop();
}

/** Created by the integration key, planned with a demo driver and collected by the operations key. */
async function requestsOnTheRoad(baseUrl: string): Promise<string[]> {
  const sites = await api<{ data: { id: string; countryCode: string; isPrepSite: boolean }[] }>(
    baseUrl,
    "GET",
    "/v1/infrastructure/sites",
  );
  const [origin, destination] = sites.data.filter((site) => site.countryCode === "GB" && !site.isPrepSite);
  if (!origin || !destination) throw new Error("The demo data has no two GB sites that are not prep sites");
  const drivers = await api<{ data: { id: string }[] }>(
    baseUrl,
    "GET",
    "/v1/operations/drivers",
    undefined,
    OPERATIONS_KEY,
  );
  const driverId = drivers.data[0]?.id;
  if (!driverId) throw new Error("The demo data has no driver");
  const ids = await createRequests(baseUrl, JSON.stringify(createRequestBody(origin.id, destination.id)));
  for (const id of ids) {
    const operation = (name: string, body: unknown) =>
      api(
        baseUrl,
        "POST",
        `/v1/operations/movement-requests/${id}/${name}`,
        JSON.stringify(body),
        OPERATIONS_KEY,
      );
    await operation("assign", { driverId });
    await operation("collected", {});
  }
  console.log(`${ids.length} requests on the road (key ${API_KEY.slice(0, 12)}…)`);
  return ids;
}

/** A batch along a line out of Manchester; each call's instants are its own, so every row is new. */
function positionsOf(call: number, batch: number, started: number) {
  return Array.from({ length: batch }, (_, index) => {
    const step = call * batch + index;
    return {
      latitude: 53.48 + (step % 1000) / 10_000,
      longitude: -2.24 + (step % 1000) / 10_000,
      accuracyMetres: 10,
      // Milliseconds apart from the run's start: in the past, never ahead of the clock.
      recordedAt: new Date(started - 3_600_000 + step).toISOString(),
    };
  });
}

async function storedPositions(url: string): Promise<number> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ count: string }>('SELECT count(*) FROM "VehiclePosition"');
    return Number(rows[0]?.count ?? 0);
  });
}
