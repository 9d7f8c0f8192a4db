// The hot table's index budget (issues #15 and #38, docs/performance-scale.md "Index budget"): after every
// migration MovementRequest has exactly the indexes listed here, each with the query path it serves, so a
// new index is a decision written down. The lean migrations apply with `prisma migrate deploy` on an empty
// database and on one holding the demo data, and so does the price roll-up's regrouping.
import { execFileSync } from "node:child_process";
import type pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { withClient } from "@/test/pg-client";
import { databaseUrlFor, TEST_SERVER_URL } from "@/test/test-database-url";

const BUDGET: Record<string, string> = {
  MovementRequest_pkey: "every read and write by id",
  MovementRequest_board_org_id_idx: "the board's created order both ways, its keyset, carrier counts",
  MovementRequest_organisationId_createdAt_idx: "created windows, the roll-ups' and at-risk reads",
  MovementRequest_organisationId_status_idx: "the status filter and counts",
  MovementRequest_originSiteId_idx: "the origin filter",
  MovementRequest_destinationSiteId_idx: "the destination filter",
  MovementRequest_organisationId_deliveryByDate_idx: "the deadline filter, late",
  MovementRequest_organisationId_readyToCollectFromDate_idx: "the ready filter",
  MovementRequest_vin_trgm_idx: "search: part of a VIN",
  MovementRequest_vrm_trgm_idx: "search: part of a VRM",
  MovementRequest_externalId_trgm_idx: "search: part of an external id",
  MovementRequest_externalVehicleId_trgm_idx: "search: part of a stock number",
  MovementRequest_trackingToken_key: "the tracking page (partial: with a token)",
  MovementRequest_prepJobId_idx: "a prep job's movements (partial: with a job)",
  MovementRequest_report_delivered_idx: "the reports' deliveries by day (partial)",
  MovementRequest_open_idx: "the open requests: the board's working set, the at-risk pass (partial)",
  MovementRequest_at_risk_idx: "at risk only (partial)",
  MovementRequest_at_risk_check_idx: "the at-risk pass: what is due (partial)",
};
const LEAN = ["20261130010000_lean_movement_request", "20261130011000_lean_partial_indexes"];
/** What the lean migrations dropped: the index per sort column and direction, the walks, the lookups. */
const DROPPED = [
  `CREATE INDEX "MovementRequest_board_cost_desc_idx" ON "MovementRequest" ("organisationId", "costCents" DESC NULLS LAST, id DESC)`,
  `CREATE INDEX "MovementRequest_board_origin_idx" ON "MovementRequest" ("organisationId", "originSiteId", "createdAt" DESC, id DESC)`,
  `CREATE INDEX "MovementRequest_organisationId_vin_idx" ON "MovementRequest" ("organisationId", vin)`,
  `CREATE UNIQUE INDEX "MovementRequest_trackingToken_key" ON "MovementRequest"("trackingToken")`,
  `CREATE INDEX "MovementRequest_prepJobId_idx" ON "MovementRequest"("prepJobId")`,
];
/** What they added, or made partial. */
const ADDED = [
  "MovementRequest_originSiteId_idx",
  "MovementRequest_destinationSiteId_idx",
  "MovementRequest_organisationId_deliveryByDate_idx",
  "MovementRequest_organisationId_readyToCollectFromDate_idx",
  "MovementRequest_trackingToken_key",
  "MovementRequest_prepJobId_idx",
];
const created: string[] = [];

afterAll(async () => {
  for (const name of created)
    await admin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
});

describe("the hot table's index budget", () => {
  it("is what the migrations leave on an empty database", { timeout: 180_000 }, async () => {
    const url = await freshDatabase("empty");
    deploy(url);
    await expectBudget(url);
  });

  it(
    "the lean migrations and the price regrouping apply on the demo data",
    { timeout: 300_000 },
    async () => {
      const url = await freshDatabase("seeded");
      deploy(url);
      run(["tsx", "--conditions=react-server", "prisma/seed.ts"], url);
      await withClient(url, async (client) => {
        // The state before them: the old indexes, and the price roll-up with a row per bucket.
        for (const index of ADDED) await client.query(`DROP INDEX "${index}"`);
        for (const index of DROPPED) await client.query(index);
        await client.query(`DROP TABLE "ReportPriceVarianceDay"`);
        await client.query(`CREATE TABLE "ReportPriceVarianceDay" ("organisationId" TEXT NOT NULL, "siteId" TEXT NOT NULL,
        "days" SMALLINT NOT NULL, "day" DATE NOT NULL, "businessArea" "BusinessArea" NOT NULL,
        "providerId" TEXT NOT NULL, "driverId" TEXT NOT NULL, "currency" TEXT NOT NULL, "percent" INTEGER NOT NULL,
        "priced" INTEGER NOT NULL, CONSTRAINT "ReportPriceVarianceDay_pkey" PRIMARY KEY ("organisationId", "siteId",
        "days", "day", "businessArea", "providerId", "driverId", "currency", "percent"))`);
        await client.query(`INSERT INTO "ReportPriceVarianceDay" VALUES
        ('org', '', 1, '2026-11-02', 'Retail', 'p', '', 'GBP', 5, 2),
        ('org', '', 1, '2026-11-02', 'Retail', 'p', '', 'GBP', -3, 1),
        ('org', '', 7, '2026-11-02', 'Retail', 'p', '', 'GBP', 5, 4)`);
        await client.query(`DELETE FROM "_prisma_migrations" WHERE migration_name = ANY($1)`, [
          [...LEAN, "20261130020000_price_histogram_arrays"],
        ]);
        expect(
          Number((await client.query(`SELECT count(*) FROM "MovementRequest"`)).rows[0].count),
        ).toBeGreaterThan(0);
      });
      deploy(url);
      await expectBudget(url);
      await withClient(url, async (client) => {
        const { rows } = await client.query(
          `SELECT days, percents, counts FROM "ReportPriceVarianceDay" WHERE "organisationId" = 'org' ORDER BY days`,
        );
        expect(rows).toEqual([
          { days: 1, percents: [-3, 5], counts: [1, 2] },
          { days: 7, percents: [5], counts: [4] },
        ]);
        // The tracking page's lookup still finds its row by the partial unique index.
        await client.query("SET enable_seqscan = off");
        const plan = (
          await client.query(`EXPLAIN SELECT id FROM "MovementRequest" WHERE "trackingToken" = 'x'`)
        ).rows
          .map((row: { "QUERY PLAN": string }) => row["QUERY PLAN"])
          .join("\n");
        expect(plan).toContain("MovementRequest_trackingToken_key");
      });
    },
  );
});

async function expectBudget(url: string): Promise<void> {
  await withClient(url, async (client) => {
    const { rows } = await client.query<{ indexname: string }>(
      `SELECT indexname FROM pg_indexes WHERE tablename = 'MovementRequest' ORDER BY indexname`,
    );
    expect(rows.map((row) => row.indexname)).toEqual(Object.keys(BUDGET).sort());
    const trigram = await client.query<{ indexdef: string }>(
      `SELECT indexdef FROM pg_indexes WHERE indexname LIKE 'MovementRequest_%_trgm_idx' ORDER BY indexname`,
    );
    expect(trigram.rows.map((row) => row.indexdef.replace(/^.* USING /, ""))).toEqual([
      'gin ("externalId" gin_trgm_ops)',
      'gin ("externalVehicleId" gin_trgm_ops)',
      "gin (vin gin_trgm_ops)",
      "gin (vrm gin_trgm_ops)",
    ]);
    const carriers = await client.query<{ indexdef: string }>(
      `SELECT indexdef FROM pg_indexes WHERE indexname = 'Movement_request_carriers_idx'`,
    );
    expect(carriers.rows[0]?.indexdef.replace(/^.* USING /, "")).toBe(
      'btree ("movementRequestId") INCLUDE ("driverId", "thirdPartyLogisticsProviderId", "marketplaceCarrierId")',
    );
  });
}

async function freshDatabase(label: string): Promise<string> {
  const name = `vms_test_index_budget_${label}_${process.pid}`;
  created.push(name);
  await admin(async (client) => {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${name}"`);
  });
  return databaseUrlFor(name);
}

function deploy(url: string): void {
  run(["prisma", "migrate", "deploy"], url);
}

function run(args: string[], url: string): void {
  execFileSync("npx", ["--no", "--", ...args], {
    env: { ...process.env, DATABASE_URL: url },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  return withClient(TEST_SERVER_URL, work);
}
