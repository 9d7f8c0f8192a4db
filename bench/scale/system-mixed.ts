// `npm run bench:system -- --mixed` (issue #38 §5): the whole system on this machine under a mixed load.
// A primary and a streaming replica of its own (test/replica-pair.ts: Debian's PostgreSQL, pg_basebackup),
// the demo data, the production server as `npm start` runs it (two web processes and the worker) with
// DATABASE_REPLICA_URLS naming the replica, and a webhook endpoint of our own. For MINUTES: creates,
// status changes (cancellations, each a movement.cancelled webhook), GETs of one request, the events
// page, the board, and positions from ON_THE_ROAD vehicles (a batch of a driver's phone: two fixes each),
// each at its own steady rate; the replica is killed at KILL_AT minutes. Reports each
// kind's throughput and p50/p99 with the replica and without it, the replica's lag, and the webhooks
// delivered; fails (exit 1) on any 5xx, connection error or webhook lost.
import { execFileSync } from "node:child_process";
import pg from "pg";
import { latencySummary } from "@/bench/lib/latency-percentiles";
import { machineInfo, uptimeLine, writeResult } from "@/bench/lib/results";
import { benchServerEnv } from "@/bench/lib/server-env";
import { sessionCookie } from "@/bench/lib/session-cookie";
import { printTable, type Row } from "@/bench/lib/table";
import { spawnProduct } from "@/e2e/support/spawn-product";
import { env } from "@/lib/env";
import { replicaBinaries, startReplicaPair } from "@/test/replica-pair";
import { startWebhookReceiver } from "@/test/webhook-receiver";

type Kind =
  | "create"
  | "status change (cancel)"
  | "GET one request"
  | "GET events page"
  | "board"
  | "positions (2 fixes)";
/** One answer: when it was sent (ms from the start), how long it took, its status (0: no answer). */
type Sample = { kind: Kind; at: number; ms: number; status: number };

/** Requests a second per kind: about 40 a second in all, a busy dispatch office and its integrations. */
const RATES: Record<Kind, number> = {
  create: 5,
  "status change (cancel)": 5,
  "GET one request": 20,
  "GET events page": 5,
  board: 2,
  "positions (2 fixes)": 10,
};
/** Vehicles on the road, each sending its fixes in turn (a phone sends a batch every few seconds). */
const ON_THE_ROAD = 20;
const REQUEST_TIMEOUT_MS = 30_000;
const WEBHOOK_DRAIN_MS = 120_000;

export async function runMixedSystem(options: { minutes: number; killAtMinutes: number; port: number }) {
  const bin = replicaBinaries();
  if (!bin) throw new Error("bench:system --mixed needs Debian's PostgreSQL server and pg_basebackup");
  const machine = machineInfo();
  console.log(`Load: ${machine.uptime}\nA primary and its streaming replica (test/replica-pair.ts)…`);
  const pair = await startReplicaPair(bin);
  execFileSync("npx", ["--no", "--", "tsx", "--conditions=react-server", "prisma/seed.ts"], {
    env: benchServerEnv(pair.primaryUrl),
    stdio: ["ignore", "ignore", "inherit"],
  });
  const server = await spawnProduct({
    port: options.port,
    env: { ...benchServerEnv(pair.primaryUrl, options.port), DATABASE_REPLICA_URLS: pair.replicaUrl },
    readyTimeoutMs: 900_000,
  });
  const receiver = await startWebhookReceiver(200);
  const lag = lagSampler(pair.primaryUrl, pair.replicaUrl);
  try {
    const apiKey = env().DEMO_API_KEY_A;
    const headers = { "x-service-api-key": apiKey, "content-type": "application/json" };
    const api = (path: string, init: RequestInit = {}) =>
      fetch(`${server.baseUrl}${path}`, {
        ...init,
        headers,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    await api("/v1/webhooks/endpoints", {
      method: "POST",
      body: JSON.stringify({ url: receiver.url, eventTypes: ["movement.cancelled"] }),
    });
    const sites = ((await (await api("/v1/infrastructure/sites")).json()) as { data: Site[] }).data;
    const [from, to] = sites.filter((site) => site.countryCode === "GB" && !site.isPrepSite);
    if (!from || !to) throw new Error("the demo data has fewer than two GB sites");
    const cookie = await sessionCookie(server.baseUrl);
    const operations = (path: string, body: unknown) =>
      fetch(`${server.baseUrl}/v1/operations/movement-requests/${path}`, {
        method: "POST",
        headers: { ...headers, "x-service-api-key": env().DEMO_OPS_API_KEY },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });

    const samples: Sample[] = [];
    const created: string[] = [];
    const cancelledAt = new Map<string, number>();
    const started = performance.now();
    const durationMs = options.minutes * 60_000;
    const send = async (kind: Kind, request: () => Promise<Response>, onOk?: (body: string) => void) => {
      const at = performance.now() - started;
      try {
        const response = await request();
        const body = await response.text();
        samples.push({ kind, at, ms: performance.now() - started - at, status: response.status });
        if (response.ok) onOk?.(body);
      } catch {
        samples.push({ kind, at, ms: performance.now() - started - at, status: 0 });
      }
    };
    const createBody = JSON.stringify({
      vehicle: { vrm: "AB12 CDE", make: "Ford", model: "Focus" },
      origin: { location: { type: "INTERNAL", siteId: from.id } },
      destination: { location: { type: "INTERNAL", siteId: to.id }, deliveryByDate: "2027-06-01" },
      businessArea: "Retail",
      transportMethod: "DRIVEN",
    });
    const onTheRoad = await vehiclesOnTheRoad(server.baseUrl, api, operations, createBody);
    let fixes = 0;
    const work: Record<Kind, () => Promise<void>> = {
      "positions (2 fixes)": async () => {
        const requestId = onTheRoad[fixes % onTheRoad.length]!;
        const at = Date.now();
        fixes++;
        const fix = (ms: number, step: number) => ({
          latitude: 53.48 + (fixes + step) * 0.0001,
          longitude: -2.24 + (fixes + step) * 0.0001,
          recordedAt: new Date(at - ms).toISOString(),
        });
        await send("positions (2 fixes)", () =>
          operations(`${requestId}/positions`, { positions: [fix(1_000, 0), fix(0, 1)] }),
        );
      },
      create: () =>
        send(
          "create",
          () => api("/v1/movement-requests/create-in-planning-pool", { method: "POST", body: createBody }),
          (body) => created.push((JSON.parse(body) as { id: string }).id),
        ),
      "status change (cancel)": async () => {
        const id = created.shift();
        if (!id) return;
        await send(
          "status change (cancel)",
          () => api(`/v1/movement-requests/${id}/cancel`, { method: "POST", body: "{}" }),
          () => cancelledAt.set(id, Date.now()),
        );
      },
      "GET one request": async () => {
        const id = created.at(-1) ?? [...cancelledAt.keys()].at(-1);
        if (id) await send("GET one request", () => api(`/v1/movement-requests/${id}`));
      },
      "GET events page": () => send("GET events page", () => api("/v1/movement-requests/events?limit=20")),
      board: () =>
        send("board", () =>
          fetch(`${server.baseUrl}/board`, {
            headers: { cookie },
            signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
          }),
        ),
    };
    const killAtMs = options.killAtMinutes * 60_000;
    const killer = setTimeout(() => {
      console.log(`${options.killAtMinutes} min: the replica is killed (an immediate shutdown).`);
      pair.killReplica();
    }, killAtMs);
    console.log(`Mixed load for ${options.minutes} min: ${JSON.stringify(RATES)} requests/s`);
    await Promise.all(
      (Object.keys(RATES) as Kind[]).map((kind) => paced(RATES[kind], durationMs, work[kind])),
    );
    clearTimeout(killer);
    const lagSamples = lag.stop();

    await receiver.waitFor(cancelledAt.size, WEBHOOK_DRAIN_MS).catch(() => undefined);
    const delivered = new Map<string, number>();
    for (const webhook of receiver.received) {
      const id = [...cancelledAt.keys()].find((candidate) => webhook.body.includes(candidate));
      if (id && !delivered.has(id)) delivered.set(id, webhook.receivedAt - (cancelledAt.get(id) ?? 0));
    }
    await server.stop();
    const serverErrors = server
      .output()
      .split("\n")
      .filter((line) => line.includes('"level":"error"'));
    const fallbacks = server
      .output()
      .split("\n")
      .filter((line) => /replica/i.test(line) && line.includes('"level":"warn"')).length;

    const phases = [
      { phase: `replica up (0–${options.killAtMinutes} min)`, from: 0, to: killAtMs },
      {
        phase: `replica killed (${options.killAtMinutes}–${options.minutes} min)`,
        from: killAtMs,
        to: durationMs,
      },
    ];
    const rows: Row[] = phases.flatMap(({ phase, from, to }) =>
      (Object.keys(RATES) as Kind[]).map((kind) => {
        const mine = samples.filter((sample) => sample.kind === kind && sample.at >= from && sample.at < to);
        const summary = latencySummary(mine.map((sample) => sample.ms));
        return {
          phase,
          kind,
          requests: mine.length,
          "req/s": Math.round((mine.length / ((to - from) / 1000)) * 10) / 10,
          "p50 ms": summary.p50Ms,
          "p99 ms": summary.p99Ms,
          "max ms": summary.maxMs,
          "5xx": mine.filter((sample) => sample.status >= 500).length,
          "other non-2xx": mine.filter(
            (sample) => sample.status > 0 && sample.status < 500 && sample.status >= 300,
          ).length,
          "no answer": mine.filter((sample) => sample.status === 0).length,
        };
      }),
    );
    const webhooks = {
      expected: cancelledAt.size,
      delivered: delivered.size,
      lost: cancelledAt.size - delivered.size,
      ...prefixed("delivery ", latencySummary([...delivered.values()])),
    };
    const up = lagSamples.filter((sample) => sample.at < killAtMs && sample.seconds !== null);
    const replicaLag = {
      samples: up.length,
      ...prefixed("lag ", latencySummary(up.map((sample) => (sample.seconds ?? 0) * 1000))),
      "max bytes behind": Math.max(0, ...up.map((sample) => sample.bytes ?? 0)),
    };
    printTable(
      `bench:system --mixed: ${options.minutes} min, the replica killed at ${options.killAtMinutes} min`,
      rows,
    );
    printTable("Webhooks (movement.cancelled to a local endpoint; delivery ms from the cancel's answer)", [
      webhooks,
    ]);
    printTable("Replica lag while it was up (ms from pg_last_xact_replay_timestamp; bytes of WAL)", [
      replicaLag,
    ]);
    console.log(`\nReplica warnings in the server's log: ${fallbacks}; errors: ${serverErrors.length}`);
    console.log(`Machine load at the end: ${uptimeLine()}`);
    writeResult("system-mixed", { machine, options, rates: RATES, rows, webhooks, replicaLag, serverErrors });
    const failures = [
      rows.some((row) => Number(row["5xx"]) > 0) && "5xx answers",
      rows.some((row) => Number(row["no answer"]) > 0) && "requests without an answer",
      webhooks.lost > 0 && `${webhooks.lost} webhooks lost`,
    ].filter(Boolean);
    if (failures.length) {
      console.error(`\nFAILED: ${failures.join(", ")}`);
      process.exitCode = 1;
    }
  } finally {
    await server.stop();
    await receiver.close();
    pair.stop();
  }
}

type Site = { id: string; countryCode: string; isPrepSite: boolean };

/** `perSecond` calls of `work` a second for `durationMs`, each started on time whether or not the last ended. */
async function paced(perSecond: number, durationMs: number, work: () => Promise<void>): Promise<void> {
  const interval = 1000 / perSecond;
  const started = performance.now();
  const running: Promise<void>[] = [];
  for (let index = 0; index * interval < durationMs; index++) {
    const due = started + index * interval;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
    running.push(work());
  }
  await Promise.all(running);
}

type LagSample = { at: number; seconds: number | null; bytes: number | null };

/** Every second: how far the replica's replay is behind the primary's WAL, or nulls while it is down. */
function lagSampler(primaryUrl: string, replicaUrl: string) {
  const samples: LagSample[] = [];
  const started = performance.now();
  let stopped = false;
  const sample = async () => {
    const at = performance.now() - started;
    const primary = new pg.Client({ connectionString: primaryUrl });
    const replica = new pg.Client({ connectionString: replicaUrl, connectionTimeoutMillis: 1_000 });
    try {
      await primary.connect();
      await replica.connect();
      const { rows: sent } = await primary.query<{ lsn: string }>(`select pg_current_wal_lsn()::text as lsn`);
      const { rows } = await replica.query<{ seconds: number | null; bytes: string | null }>(
        `select extract(epoch from now() - pg_last_xact_replay_timestamp())::float8 as seconds,
           pg_wal_lsn_diff($1::pg_lsn, pg_last_wal_replay_lsn())::text as bytes`,
        [sent[0]!.lsn],
      );
      samples.push({ at, seconds: rows[0]?.seconds ?? null, bytes: Number(rows[0]?.bytes ?? 0) });
    } catch {
      samples.push({ at, seconds: null, bytes: null });
    } finally {
      await Promise.all([primary.end().catch(() => undefined), replica.end().catch(() => undefined)]);
    }
  };
  const timer = setInterval(() => void (stopped || sample()), 1_000);
  return {
    stop: () => {
      stopped = true;
      clearInterval(timer);
      return samples;
    },
  };
}

function prefixed(prefix: string, summary: ReturnType<typeof latencySummary>) {
  return {
    [`${prefix}p50 ms`]: summary.p50Ms,
    [`${prefix}p99 ms`]: summary.p99Ms,
    [`${prefix}max ms`]: summary.maxMs,
  };
}

/**
 * ON_THE_ROAD requests, each given a driver and collected (its leg in progress): the vehicles whose
 * phones send positions through the load.
 */
async function vehiclesOnTheRoad(
  baseUrl: string,
  api: (path: string, init?: RequestInit) => Promise<Response>,
  operations: (path: string, body: unknown) => Promise<Response>,
  createBody: string,
): Promise<string[]> {
  const listed = await fetch(`${baseUrl}/v1/operations/drivers`, {
    headers: { "x-service-api-key": env().DEMO_OPS_API_KEY },
  });
  const drivers = (await listed.json()) as { data: { id: string }[] };
  const driverId = drivers.data[0]?.id;
  if (!driverId) throw new Error(`the demo data has no driver (${baseUrl}/v1/operations/drivers)`);
  const ids: string[] = [];
  for (let index = 0; index < ON_THE_ROAD; index++) {
    const created = await api("/v1/movement-requests/create-in-planning-pool", {
      method: "POST",
      body: createBody,
    });
    const { id } = (await created.json()) as { id: string };
    for (const [operation, body] of [
      ["assign", { driverId }],
      ["collected", {}],
    ] as const) {
      const response = await operations(`${id}/${operation}`, body);
      if (!response.ok) throw new Error(`${operation} answered ${response.status}: ${await response.text()}`);
    }
    ids.push(id);
  }
  return ids;
}
