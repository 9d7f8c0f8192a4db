// What `npm run bench:scale` times: every board view of issue #15's table, each sort column in both
// directions, each filter alone, the /v1 lists (first and deep page, each filter), the kanban at the
// busiest prep site and the workshop screen's board. Each view is a path on the production server
// and the credentials it needs.
import { BOARD_SORT_COLUMNS } from "@/lib/movement-requests/board/board-query";
import { SORT_WINDOW_MAX_DAYS } from "@/lib/movement-requests/board/board-working-set";
import { encodeKeysetCursor } from "@/lib/http/keyset-cursor";
import type { ScaleDataSet } from "@/bench/scale/generate-scale-data";
import { withClient } from "@/bench/lib/database";

export type ScaleView = {
  group: "board" | "map" | "v1" | "kanban";
  name: string;
  path: string;
  auth: "session" | "integration" | "operations" | "none";
};

/** Sample values picked from the generated data: real VRMs, VINs and ids, sites, a driver, a deep cursor. */
export type ScaleSamples = {
  vrm: string;
  vin: string;
  externalId: string;
  requestId: string;
  originSiteId: string;
  destinationSiteId: string;
  driverId: string;
  dueFrom: string;
  dueTo: string;
  readyFrom: string;
  readyTo: string;
  /** The last 31 days of the data: the longest created range a sort reads. */
  monthFrom: string;
  monthTo: string;
  /** A month of deadlines, about 41,000 requests at 1 M (the export). */
  exportDueFrom: string;
  exportDueTo: string;
  prepVin: string;
  prepVrm: string;
  /** A cursor 95 % of the way down the profile's prep jobs. */
  deepPrepCursor: string;
  lastPage: number;
};

export async function pickSamples(databaseUrl: string, data: ScaleDataSet): Promise<ScaleSamples> {
  return withClient(databaseUrl, async (client) => {
    const one = async <T>(sql: string, params: unknown[] = []): Promise<T> => {
      const { rows } = await client.query(sql, params);
      if (!rows[0]) throw new Error(`No sample for: ${sql}`);
      return rows[0] as T;
    };
    const middle = Math.floor(data.requests / 2);
    const request = await one<{ id: string; vin: string; vrm: string; externalId: string }>(
      `SELECT id, vin, vrm, "externalId" FROM "MovementRequest"
        WHERE "organisationId" = $1 AND vrm IS NOT NULL AND "externalId" IS NOT NULL
        ORDER BY "createdAt" OFFSET $2 LIMIT 1`,
      [data.organisationId, middle],
    );
    const driver = await one<{ id: string }>(
      `SELECT "driverId" AS id FROM "Movement" WHERE "driverId" IS NOT NULL LIMIT 1`,
    );
    const dates = await one<{ newest: Date }>(
      `SELECT max("deliveryByDate") AS newest FROM "MovementRequest" WHERE "organisationId" = $1`,
      [data.organisationId],
    );
    const day = (offset: number) =>
      new Date(dates.newest.getTime() - offset * 86_400_000).toISOString().slice(0, 10);
    const prep = await one<{ vin: string; vrm: string }>(
      `SELECT vin, vrm FROM "PrepJob" WHERE "profileId" = $1 ORDER BY "createdAt" OFFSET $2 LIMIT 1`,
      [data.profileId, Math.floor(data.prepJobs / 3)],
    );
    const deep = await one<{ id: string; createdAt: Date }>(
      `SELECT id, "createdAt" FROM "PrepJob" WHERE "profileId" = $1
        ORDER BY "createdAt" DESC, id DESC OFFSET $2 LIMIT 1`,
      [data.profileId, Math.floor(data.prepJobs * 0.95)],
    );
    const sites = Object.values(data.sites);
    return {
      vrm: request.vrm,
      vin: request.vin,
      externalId: request.externalId,
      requestId: request.id,
      originSiteId: sites[3]!,
      destinationSiteId: sites[1]!,
      driverId: driver.id,
      // About a month of deadlines a year ago (the issue's 42 k rows at 1 M).
      dueFrom: day(400),
      dueTo: day(370),
      readyFrom: day(400),
      readyTo: day(370),
      monthFrom: day(30),
      monthTo: day(0),
      // The longest deadline range the board sorts by deadline (SORT_WINDOW_MAX_DAYS, 31 days).
      exportDueFrom: day(200 + SORT_WINDOW_MAX_DAYS - 1),
      exportDueTo: day(200),
      prepVin: prep.vin,
      prepVrm: prep.vrm,
      deepPrepCursor: encodeKeysetCursor({ at: deep.createdAt, id: deep.id }),
      lastPage: Math.ceil(data.requests / 25),
    };
  });
}

const OPEN_STATUSES = "CREATED,SENT_TO_DRIVER,SENT_TO_3PL,ACCEPTED,PLANNED,IN_PROGRESS";

export function scaleViews(samples: ScaleSamples, data: ScaleDataSet, displayToken: string): ScaleView[] {
  const board = (name: string, query: Record<string, string>): ScaleView => ({
    group: "board",
    name,
    path: `/board${Object.keys(query).length ? `?${new URLSearchParams(query)}` : ""}`,
    auth: "session",
  });
  const v1 = (name: string, path: string, auth: ScaleView["auth"] = "integration"): ScaleView => ({
    group: "v1",
    name,
    path,
    auth,
  });
  const compactVrm = samples.vrm.replace(/\s/g, "");
  return [
    board("default", {}),
    board("search VRM", { q: samples.vrm }),
    board("search VRM without space", { q: compactVrm }),
    board("search VIN", { q: samples.vin }),
    board("search partial VIN", { q: samples.vin.slice(6, 13) }),
    board("search external id", { q: samples.externalId }),
    board("search request id", { q: samples.requestId }),
    board("search no match", { q: "ZZQQ9" }),
    board(`last page (page ${samples.lastPage})`, { page: String(samples.lastPage) }),
    board("page 400", { page: "400" }),
    ...BOARD_SORT_COLUMNS.flatMap((sort) =>
      (["asc", "desc"] as const).map((dir) => board(`sort ${sort} ${dir}`, { sort, dir })),
    ),
    board("status IN_PROGRESS", { status: "IN_PROGRESS" }),
    board("status open (6)", { status: OPEN_STATUSES }),
    board("status DELIVERED", { status: "DELIVERED" }),
    board("area Fleet", { area: "Fleet" }),
    board("method TRANSPORTED", { method: "TRANSPORTED" }),
    board("one origin site", { origin: samples.originSiteId }),
    board("one destination site", { destination: samples.destinationSiteId }),
    board("carrier driver", { carrier: samples.driverId }),
    board("carrier none", { carrier: "none" }),
    board("ready date range", { readyFrom: samples.readyFrom, readyTo: samples.readyTo }),
    board("due date range", { dueFrom: samples.dueFrom, dueTo: samples.dueTo }),
    board("due date range sorted by due", {
      dueFrom: samples.dueFrom,
      dueTo: samples.dueTo,
      sort: "due",
      dir: "asc",
    }),
    board("late", { late: "1" }),
    // A sort other than "created" reads a working set (board-working-set.ts): the views above sort the
    // last week (the board's own window); these sort the open requests, and a month the user picked.
    board("sort cost desc, open requests", { sort: "cost", dir: "desc", status: OPEN_STATUSES }),
    board("sort origin asc, open requests", { sort: "origin", dir: "asc", status: OPEN_STATUSES }),
    board("sort estimatedCost asc, created in the last month", {
      sort: "estimatedCost",
      dir: "asc",
      createdFrom: samples.monthFrom,
      createdTo: samples.monthTo,
    }),
    board("created a year ago, newest first", { createdFrom: samples.dueFrom, createdTo: samples.dueTo }),
    ...mapViews(samples),
    v1("GET /v1/prep-jobs", "/v1/prep-jobs"),
    v1("GET /v1/prep-jobs limit=100", "/v1/prep-jobs?limit=100"),
    v1("GET /v1/prep-jobs deep page (95 %)", `/v1/prep-jobs?cursor=${samples.deepPrepCursor}`),
    v1("GET /v1/prep-jobs stage=ARRIVED", "/v1/prep-jobs?stage=ARRIVED"),
    v1("GET /v1/prep-jobs substage=SCHEDULED", "/v1/prep-jobs?substage=SCHEDULED"),
    v1("GET /v1/prep-jobs prepSiteId (busiest)", `/v1/prep-jobs?prepSiteId=${data.busiestPrepSiteId}`),
    v1("GET /v1/prep-jobs vin", `/v1/prep-jobs?vin=${samples.prepVin}`),
    v1("GET /v1/prep-jobs vrm", `/v1/prep-jobs?${new URLSearchParams({ vrm: samples.prepVrm })}`),
    v1("GET /v1/movement-requests/{id}", `/v1/movement-requests/${samples.requestId}`),
    v1("GET /v1/movement-requests/events", "/v1/movement-requests/events"),
    v1("GET /v1/infrastructure/sites", "/v1/infrastructure/sites"),
    v1("GET /v1/infrastructure/providers/third-party", "/v1/infrastructure/providers/third-party"),
    v1("GET /v1/operations/drivers", "/v1/operations/drivers", "operations"),
    v1("GET /v1/webhooks/endpoints", "/v1/webhooks/endpoints"),
    {
      group: "kanban",
      name: "/prep-jobs busiest site",
      path: `/prep-jobs?site=${data.busiestPrepSiteId}`,
      auth: "session",
    },
    {
      group: "kanban",
      name: "/display board busiest site",
      path: `/display/${displayToken}/board`,
      auth: "none",
    },
  ];
}

/** The board's Map view's data (issue 35, docs/maps.md): every open movement, and with a filter. */
function mapViews(samples: ScaleSamples): ScaleView[] {
  const map = (name: string, query: Record<string, string>): ScaleView => ({
    group: "map",
    name,
    path: `/api/board/map${Object.keys(query).length ? `?${new URLSearchParams(query)}` : ""}`,
    auth: "session",
  });
  return [
    map("map: open movements", {}),
    map("map: status IN_PROGRESS", { status: "IN_PROGRESS" }),
    map("map: one origin site", { origin: samples.originSiteId }),
    map("map: search VRM", { q: samples.vrm }),
  ];
}
