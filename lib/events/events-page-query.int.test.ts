// The events page query on a table of realistic size: PostgreSQL must answer it from the index
// Event(profileId, occurredAt desc, id desc) of each monthly partition (merged in order, no sort),
// whatever the profile's share of the table, and a deep page must cost what the first one does (the
// keyset is an index condition, not a filter over the rows before it). SHOW_QUERY_PLANS=1 prints the
// plans.
import { beforeAll, describe, expect, it } from "vitest";
import { eventsPageQuery } from "@/lib/events/list-published-events";
import { kysely, sql } from "@/lib/db";
import { newId } from "@/lib/ids";
import { createTenant, type Tenant } from "@/test/tenant";
import { setupTestDatabase } from "@/test/test-database";

const database = setupTestDatabase();

/** Each partition's copy of Event_profileId_occurredAt_id_idx ends so. */
const INDEX_SUFFIX = "profileId_occurredAt_id_idx";
const NOW = Date.now();
const SECOND = 1000;
const RETENTION_FROM = new Date(NOW - 30 * 24 * 60 * 60 * SECOND);

type PlanNode = {
  "Node Type": string;
  "Index Name"?: string;
  "Index Cond"?: string;
  "Actual Rows"?: number;
  "Rows Removed by Filter"?: number;
  Plans?: PlanNode[];
};

// 100,000 rows in all: a busy profile with most of the table, a neighbour interleaved with it, and a
// quiet profile whose events are all older than everyone else's (the case a scan on occurredAt alone
// would pay for with every other tenant's newer rows).
let busy: Tenant;
let quiet: Tenant;

/**
 * `rows` events a second apart, the newest `newestAgo` ms ago; every fifth internal (no envelope). Ids
 * are ULIDs of their instant, as the service makes them, so each row is in its month's partition.
 */
async function fill(owner: Tenant, idPrefix: string, rows: number, newestAgo: number) {
  await sql`
    INSERT INTO "Event" ("id", "organisationId", "profileId", "type", "resourceType", "resourceId",
                         "resourceVersion", "occurredAt", "payload", "envelope")
    SELECT left(history_ulid_floor(at), 10) || ${idPrefix} || lpad(g::text, 15, '0'),
           ${owner.organisation.id}, ${owner.profile.id},
           CASE WHEN g % 5 = 0 THEN 'movement_request.created' ELSE 'movement.collected' END,
           'movement', ${idPrefix} || g::text, 1, at, '{}'::jsonb,
           CASE WHEN g % 5 = 0 THEN NULL ELSE '{"eventId":"' || g::text || '"}' END
    FROM generate_series(1, ${rows}::int) AS g,
         LATERAL (SELECT ${new Date(NOW - newestAgo - SECOND * rows).toISOString()}::timestamp(3)
                         + g * interval '1 second' AS at) AS instants`.execute(kysely());
}

type PageQuery = ReturnType<typeof eventsPageQuery>;

async function explain(query: PageQuery): Promise<PlanNode> {
  const [row] = (await query.explain("json", sql`analyze`)) as unknown as {
    "QUERY PLAN": [{ Plan: PlanNode }];
  }[];
  if (process.env.SHOW_QUERY_PLANS) {
    const text = (await query.explain(undefined, sql`analyze, buffers`)) as unknown as {
      "QUERY PLAN": string;
    }[];
    console.info(text.map((line) => line["QUERY PLAN"]).join("\n"));
  }
  return row!["QUERY PLAN"][0].Plan;
}

function nodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodes)];
}

/**
 * A limit over the partitions' profile indexes, merged in their order (no sort), that reads the page and
 * the internal events among it: each partition gives its rows in order, so the merge reads at most one
 * row past the page from each. Returns the scan that read most.
 */
function expectProfileIndexScan(root: PlanNode, take: number) {
  const all = nodes(root);
  expect(all.map((node) => node["Node Type"])).not.toContain("Sort");
  expect(all.map((node) => node["Node Type"])).not.toContain("Incremental Sort");
  expect(root["Node Type"]).toBe("Limit");
  expect(root["Actual Rows"]).toBe(take);
  const scans = all.filter((node) => node["Node Type"] === "Index Scan");
  expect(scans.length).toBeGreaterThan(0);
  for (const scan of scans) {
    expect(scan["Index Name"]).toMatch(new RegExp(`^Event_.*${INDEX_SUFFIX}$`));
    expect(scan["Index Cond"]).toContain('"profileId" >=');
    expect(scan["Index Cond"]).toContain('"occurredAt" >=');
  }
  const read = scans.reduce((sum, scan) => sum + (scan["Actual Rows"] ?? 0), 0);
  expect(read).toBeLessThanOrEqual(take + scans.length);
  const removed = scans.reduce((sum, scan) => sum + (scan["Rows Removed by Filter"] ?? 0), 0);
  expect(removed).toBeLessThanOrEqual(take);
  return scans.reduce((most, scan) =>
    (scan["Actual Rows"] ?? 0) > (most["Actual Rows"] ?? 0) ? scan : most,
  );
}

describe("the events page query plan", () => {
  beforeAll(async () => {
    busy = await createTenant(database.prisma);
    const neighbour = await createTenant(database.prisma);
    quiet = await createTenant(database.prisma);
    await fill(busy, "A", 80_000, 0);
    await fill(neighbour, "B", 17_000, 0);
    await fill(quiet, "C", 3_000, 81_000 * SECOND);
    await sql`ANALYZE "Event"`.execute(kysely());
  });

  it("reads a busy profile's first page from the profile index, without a sort", async () => {
    const root = await explain(
      eventsPageQuery(kysely(), { profileId: busy.profile.id, from: RETENTION_FROM, take: 51 }),
    );
    expectProfileIndexScan(root, 51);
  });

  it("reads a deep page through the keyset as an index condition", async () => {
    const query = eventsPageQuery(kysely(), {
      profileId: busy.profile.id,
      from: RETENTION_FROM,
      // Half way down: 40,000 rows are newer than the cursor.
      after: { occurredAt: new Date(NOW - SECOND * 40_000), id: newId() },
      take: 251,
    });
    const scan = expectProfileIndexScan(await explain(query), 251);
    expect(scan["Index Cond"]).toContain('ROW("occurredAt", id) < ROW(');
  });

  it("reads a quiet profile's page from the profile index, never through the others' newer rows", async () => {
    const root = await explain(
      eventsPageQuery(kysely(), { profileId: quiet.profile.id, from: RETENTION_FROM, take: 51 }),
    );
    expectProfileIndexScan(root, 51);
  });

  it("with a since a minute back, reads no more than that minute's rows", async () => {
    // Here the window itself is small, and PostgreSQL may take it from Event(occurredAt) and sort the
    // few matching rows: either way the rows read are bounded by the window, never by the table.
    const root = await explain(
      eventsPageQuery(kysely(), { profileId: busy.profile.id, from: new Date(NOW - 60 * SECOND), take: 51 }),
    );
    const scans = nodes(root).filter((node) => node["Index Name"]);
    expect(scans.length).toBeGreaterThan(0);
    const rowsInWindow = 2 * 61; // busy and neighbour, one event a second each
    let read = 0;
    for (const scan of scans) {
      expect(scan["Index Cond"]).toContain('"occurredAt" >=');
      read += (scan["Actual Rows"] ?? 0) + (scan["Rows Removed by Filter"] ?? 0);
    }
    expect(read).toBeLessThanOrEqual(rowsInWindow);
  });
});
