// `npm start` runs the event worker as one process of its own, `vms-worker`, beside its web processes
// (`vms-web`), and none of the web processes runs it: the worker's heartbeat rows name the worker's pid
// only. Killed with SIGKILL, the worker is started again and delivers again. Its own instance on a
// database of its own, so that no other worker's heartbeat or claim is counted. Linux: reads /proc.
import { readdirSync, readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { env } from "@/lib/env";
import { startWebhookReceiver } from "@/test/webhook-receiver";
import { environmentWithFreshDatabase, freePort, spawnProduct } from "../support/spawn-product";

const integration = { "X-Service-API-Key": env().DEMO_API_KEY_A, "Content-Type": "application/json" };
const databaseName = `${process.env.E2E_DATABASE_NAME ?? "vms_e2e"}_worker_process`;

const byNumber = (a: number, b: number) => a - b;

type ProcessEntry = { pid: number; title: string };

/** Every process below root (its children, theirs…), with its title as `ps -o comm` shows it. */
function processesUnder(root: number): ProcessEntry[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // exited meanwhile
    }
    // "pid (comm) state ppid …": the title may hold spaces and parentheses; the last ")" ends it.
    const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const found: ProcessEntry[] = [];
  const pending = [...(children.get(root) ?? [])];
  for (let pid = pending.shift(); pid !== undefined; pid = pending.shift()) {
    try {
      found.push({ pid, title: readFileSync(`/proc/${pid}/comm`, "utf8").trim() });
    } catch {
      continue;
    }
    pending.push(...(children.get(pid) ?? []));
  }
  return found;
}

async function heartbeatPids(databaseUrl: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ workerId: string }>(`SELECT "workerId" FROM "WorkerHeartbeat"`);
    // workerId is host:pid:random (lib/worker/worker.ts).
    return rows.map((row) => Number(row.workerId.split(":").at(-2))).sort(byNumber);
  } finally {
    await client.end();
  }
}

test("npm start: one vms-worker beside the web processes, which run none; a killed worker is restarted and delivers", async () => {
  test.setTimeout(300_000);
  const receiver = await startWebhookReceiver(200);
  const port = await freePort();
  const database = await environmentWithFreshDatabase(databaseName, {
    AUTH_URL: `http://127.0.0.1:${port}`,
    WEBHOOK_ALLOW_PRIVATE_TARGETS: "true",
    WEB_CONCURRENCY: "2",
    LOG_LEVEL: "warn",
  });
  const product = await spawnProduct({ port, env: database.env });
  try {
    const primary = product.child.pid!;
    const titled = (title: string) => processesUnder(primary).filter((entry) => entry.title === title);
    expect(titled("vms-web")).toHaveLength(2);
    const workers = titled("vms-worker");
    expect(workers).toHaveLength(1);
    const firstWorker = workers[0]!.pid;
    // The only worker loop is the worker process's: no heartbeat names a web process.
    await expect.poll(() => heartbeatPids(database.databaseUrl), { timeout: 30_000 }).toEqual([firstWorker]);

    const api = (path: string, init: RequestInit = {}) =>
      fetch(`${product.baseUrl}${path}`, { ...init, headers: integration });
    const endpoint = await api("/v1/webhooks/endpoints", {
      method: "POST",
      body: JSON.stringify({ url: receiver.url, eventTypes: ["movement.cancelled"] }),
    });
    expect(endpoint.status).toBe(201);
    const sites = (
      (await (await api("/v1/infrastructure/sites")).json()) as {
        data: { id: string; isPrepSite: boolean; countryCode: string }[];
      }
    ).data.filter((site) => !site.isPrepSite && site.countryCode === "GB");
    const cancelAMovement = async (vin: string) => {
      const created = await api("/v1/movement-requests/create-in-planning-pool", {
        method: "POST",
        body: JSON.stringify({
          vehicle: { vin, make: "Ford", model: "Kuga" },
          origin: { location: { type: "INTERNAL", siteId: sites[0]!.id } },
          destination: { location: { type: "INTERNAL", siteId: sites[1]!.id }, deliveryByDate: "2027-02-01" },
          businessArea: "Retail",
          transportMethod: "DRIVEN",
        }),
      });
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: string };
      expect((await api(`/v1/movement-requests/${id}/cancel`, { method: "POST" })).status).toBe(200);
    };
    await cancelAMovement("WF0XXXGCDX3333333");
    await receiver.waitFor(1, 60_000);

    process.kill(firstWorker, "SIGKILL");
    await expect
      .poll(() => product.output(), { timeout: 30_000 })
      .toContain(`Worker ${firstWorker} exited (SIGKILL); starting another in 1 s.`);
    const restarted = () => titled("vms-worker").filter((entry) => entry.pid !== firstWorker);
    await expect.poll(() => restarted().length, { timeout: 60_000 }).toBe(1);
    expect(titled("vms-worker")).toHaveLength(1);
    const secondWorker = restarted()[0]!.pid;
    expect(titled("vms-web")).toHaveLength(2);
    // The killed worker's row stays (it ages out like any dead worker's); the new one beats.
    await expect
      .poll(() => heartbeatPids(database.databaseUrl), { timeout: 60_000 })
      .toEqual([firstWorker, secondWorker].sort(byNumber));

    await cancelAMovement("WF0XXXGCDX4444444");
    const received = await receiver.waitFor(2, 60_000);
    expect(new Set(received.map((webhook) => webhook.headers["hook-id"])).size).toBe(2);
    expect(await product.stop()).toBe(0);
  } finally {
    if (product.child.exitCode === null) product.child.kill("SIGKILL");
    await receiver.close();
    await database.drop();
  }
});
