import { beforeAll, describe, expect, it } from "vitest";
import { parseBoardQuery } from "@/lib/movement-requests/board/board-query";
import { exportBoardCsv } from "@/lib/movement-requests/board/export-board-csv";
import { listBoardRows } from "@/lib/movement-requests/board/list-board-rows";
import { createMovementWorld, type MovementWorld } from "@/test/movement-world";
import { setupTestDatabase } from "@/test/test-database";
import { createDriver, createMovementRequest, createProfile } from "@/prisma/factories";

const database = setupTestDatabase();
const NOW = new Date("2026-11-20T10:00:00Z");
const day = (date: string) => new Date(`${date}T00:00:00Z`);

let world: MovementWorld;
let other: MovementWorld;
let ann: { id: string };
const ids: Record<"late" | "planned" | "delivered" | "sent" | "cancelled", string> = {
  late: "",
  planned: "",
  delivered: "",
  sent: "",
  cancelled: "",
};

beforeAll(async () => {
  world = await createMovementWorld(database.prisma);
  other = await createMovementWorld(database.prisma);
  const secondProfile = await createProfile(database.prisma, { organisationId: world.organisation.id });
  ann = await createDriver(database.prisma, {
    organisationId: world.organisation.id,
    firstname: "Ann",
    surname: "Archer",
  });
  const { manchester, leeds, prepCentre } = world.sites;
  const base = { organisationId: world.organisation.id, profileId: world.profile.id };

  ids.late = (
    await createMovementRequest(database.prisma, {
      ...base,
      status: "CREATED",
      vin: "WF0XXXGCDX1111111",
      vrm: "AB12 CDE",
      make: "Ford, Motor Co",
      model: 'Focus "ST"',
      externalId: "=cmd|' /C calc'!A0",
      originSiteId: manchester.id,
      destinationSiteId: leeds.id,
      readyToCollectFromDate: day("2026-11-18"),
      deliveryByDate: day("2026-11-19"),
      estimatedCostCents: 5000,
      estimatedCostCurrency: "GBP",
      createdAt: new Date("2026-11-14T09:00:00Z"),
    })
  ).id;
  ids.planned = (
    await createMovementRequest(database.prisma, {
      ...base,
      profileId: secondProfile.id,
      status: "PLANNED",
      vin: "WF0XXXGCDX2222222",
      vrm: "CD34 EFG",
      externalId: "ORDER-77",
      businessArea: "Fleet",
      transportMethod: "TRANSPORTED",
      originSiteId: leeds.id,
      destinationSiteId: prepCentre.id,
      readyToCollectFromDate: day("2026-11-21"),
      deliveryByDate: day("2026-11-25"),
      estimatedDeliveryDate: day("2026-11-24"),
      estimatedDeliveryTimeslot: "PM",
      estimatedCostCents: 9000,
      estimatedCostCurrency: "GBP",
      legs: [{ driverId: ann.id, acceptedAt: NOW }],
      createdAt: new Date("2026-11-15T09:00:00Z"),
    })
  ).id;
  ids.delivered = (
    await createMovementRequest(database.prisma, {
      ...base,
      status: "DELIVERED",
      vin: "WF0XXXGCDX3333333",
      vrm: "EF56 GHJ",
      externalVehicleId: "stock-3",
      originSiteId: prepCentre.id,
      destinationSiteId: manchester.id,
      readyToCollectFromDate: day("2026-11-05"),
      deliveryByDate: day("2026-11-10"),
      estimatedDeliveryDate: day("2026-11-09"),
      costCents: 7000,
      costCurrency: "GBP",
      estimatedCostCents: 7000,
      estimatedCostCurrency: "GBP",
      legs: [{ status: "DELIVERED", thirdPartyLogisticsProviderId: world.providers.fullService.id }],
      createdAt: new Date("2026-11-16T09:00:00Z"),
    })
  ).id;
  ids.sent = (
    await createMovementRequest(database.prisma, {
      ...base,
      status: "SENT_TO_3PL",
      vin: "WF0XXXGCDX4444444",
      vrm: null,
      originSiteId: manchester.id,
      destinationSiteId: prepCentre.id,
      readyToCollectFromDate: day("2026-11-20"),
      deliveryByDate: day("2026-11-20"),
      legs: [{ thirdPartyLogisticsProviderId: world.providers.drivenOnly.id }],
      createdAt: new Date("2026-11-17T09:00:00Z"),
    })
  ).id;
  ids.cancelled = (
    await createMovementRequest(database.prisma, {
      ...base,
      status: "CANCELLED",
      vin: "WF0XXXGCDX5555555",
      vrm: "GH78 JKL",
      originSiteId: leeds.id,
      destinationSiteId: manchester.id,
      readyToCollectFromDate: day("2026-11-01"),
      deliveryByDate: day("2026-11-02"),
      createdAt: new Date("2026-11-18T09:00:00Z"),
    })
  ).id;
  // Another organisation, with a vehicle that matches the searches above.
  await createMovementRequest(database.prisma, {
    organisationId: other.organisation.id,
    profileId: other.profile.id,
    status: "CREATED",
    vin: "WF0XXXGCDX1111111",
    vrm: "AB12 CDE",
    externalId: "ORDER-77",
    originSiteId: other.sites.manchester.id,
    destinationSiteId: other.sites.leeds.id,
    deliveryByDate: day("2026-11-01"),
  });
});

async function list(search: string) {
  return listBoardRows(world.organisation.id, parseBoardQuery(new URLSearchParams(search)), NOW);
}
async function listIds(search: string) {
  return (await list(search)).rows.map((row) => row.id);
}

describe("listBoardRows", () => {
  it("lists every request of the organisation (all its profiles), newest first, and nothing of another", async () => {
    const page = await list("");
    expect(page.rows.map((row) => row.id)).toEqual([
      ids.cancelled,
      ids.sent,
      ids.delivered,
      ids.planned,
      ids.late,
    ]);
    expect(page).toMatchObject({ total: 5, page: 1, pageSize: 25, pageCount: 1 });
    const otherPage = await listBoardRows(other.organisation.id, parseBoardQuery({}), NOW);
    expect(otherPage.total).toBe(1);
    expect(otherPage.rows.map((row) => row.id)).not.toContain(ids.late);
  });

  it("maps a row: vehicle, sites, dates and slots, the current leg's carrier, costs, late flag", async () => {
    const rows = (await list("")).rows;
    const planned = rows.find((row) => row.id === ids.planned);
    expect(planned).toMatchObject({
      status: "PLANNED",
      vehicle: { vin: "WF0XXXGCDX2222222", vrm: "CD34 EFG" },
      externalId: "ORDER-77",
      businessArea: "Fleet",
      transportMethod: "TRANSPORTED",
      origin: { id: world.sites.leeds.id, name: "Leeds" },
      destination: { id: world.sites.prepCentre.id, name: "Prep Centre" },
      readyDate: "2026-11-21",
      dueDate: "2026-11-25",
      estimatedDeliveryDate: "2026-11-24",
      estimatedDeliverySlot: "PM",
      carrier: { type: "DRIVER", id: ann.id, name: "Ann Archer" },
      legCount: 1,
      estimatedCost: { centAmount: 9000, currencyCode: "GBP" },
      cost: null,
      isLate: false,
    });
    const delivered = rows.find((row) => row.id === ids.delivered);
    expect(delivered?.carrier).toEqual({
      type: "THIRD_PARTY_LOGISTICS",
      id: world.providers.fullService.id,
      name: "Full Service Logistics",
    });
    expect(delivered?.cost).toEqual({ centAmount: 7000, currencyCode: "GBP" });
  });

  it("flags late: deadline before today's UTC date and not delivered, cancelled or aborted", async () => {
    const late = Object.fromEntries((await list("")).rows.map((row) => [row.id, row.isLate]));
    expect(late).toEqual({
      [ids.late]: true, // due yesterday, CREATED
      [ids.planned]: false, // due in five days
      [ids.delivered]: false, // past, but delivered
      [ids.sent]: false, // due today
      [ids.cancelled]: false, // past, but cancelled
    });
    expect(await listIds("late=1")).toEqual([ids.late]);
    // Just after midnight UTC the request due "today" becomes late.
    const tomorrow = await listBoardRows(
      world.organisation.id,
      parseBoardQuery({ late: "1" }),
      new Date("2026-11-21T00:00:01Z"),
    );
    expect(tomorrow.rows.map((row) => row.id).sort()).toEqual([ids.late, ids.sent].sort());
  });

  it("filters by status, business area, transport method, origin and destination", async () => {
    expect(await listIds("status=PLANNED,SENT_TO_3PL")).toEqual([ids.sent, ids.planned]);
    expect(await listIds("area=Fleet")).toEqual([ids.planned]);
    expect(await listIds("method=TRANSPORTED")).toEqual([ids.planned]);
    expect(await listIds(`origin=${world.sites.leeds.id}`)).toEqual([ids.cancelled, ids.planned]);
    expect(await listIds(`destination=${world.sites.prepCentre.id}`)).toEqual([ids.sent, ids.planned]);
    expect(await listIds(`origin=${world.sites.manchester.id},${world.sites.prepCentre.id}`)).toEqual([
      ids.sent,
      ids.delivered,
      ids.late,
    ]);
    expect(await listIds(`origin=${other.sites.manchester.id}`)).toEqual([]);
    expect(await listIds("status=PLANNED&area=Retail")).toEqual([]);
  });

  it("filters the requests at risk, leaving out one finished since the worker flagged it", async () => {
    const flag = (atRiskSince: Date | null) =>
      database.kysely
        .updateTable("MovementRequest")
        .set({ atRiskSince })
        .where("id", "in", [ids.planned, ids.cancelled])
        .execute();
    await flag(NOW);
    try {
      expect(await listIds("atRisk=1")).toEqual([ids.planned]);
    } finally {
      await flag(null);
    }
  });

  it("filters by carrier: a driver, a 3PL, or none", async () => {
    expect(await listIds(`carrier=${ann.id}`)).toEqual([ids.planned]);
    expect(await listIds(`carrier=${world.providers.fullService.id}`)).toEqual([ids.delivered]);
    expect(await listIds("carrier=none")).toEqual([ids.cancelled, ids.late]);
  });

  it("filters by ready and deadline date ranges, inclusive", async () => {
    expect(await listIds("readyFrom=2026-11-18&readyTo=2026-11-20")).toEqual([ids.sent, ids.late]);
    expect(await listIds("dueFrom=2026-11-19")).toEqual([ids.sent, ids.planned, ids.late]);
    expect(await listIds("dueTo=2026-11-10")).toEqual([ids.cancelled, ids.delivered]);
    expect(await listIds("dueFrom=2026-11-20&dueTo=2026-11-20")).toEqual([ids.sent]);
  });

  it("searches VIN (part, any case), VRM (any case, with or without its space), external ids and the id", async () => {
    expect(await listIds("q=gcdx2222")).toEqual([ids.planned]);
    expect(await listIds("q=ab12 cde")).toEqual([ids.late]);
    expect(await listIds("q=AB12CDE")).toEqual([ids.late]);
    expect(await listIds("q=order-7")).toEqual([ids.planned]);
    expect(await listIds("q=STOCK-3")).toEqual([ids.delivered]);
    expect(await listIds(`q=${ids.sent.toLowerCase()}`)).toEqual([ids.sent]);
    expect(await listIds("q=nothing-like-this")).toEqual([]);
  });

  it("sorts by each column, either way, with nulls last and the id as tie-break", async () => {
    expect(await listIds("sort=due&dir=asc")).toEqual([
      ids.cancelled,
      ids.delivered,
      ids.late,
      ids.sent,
      ids.planned,
    ]);
    expect(await listIds("sort=due&dir=desc")).toEqual([
      ids.planned,
      ids.sent,
      ids.late,
      ids.delivered,
      ids.cancelled,
    ]);
    expect(await listIds("sort=estimatedCost&dir=desc")).toEqual([
      ids.planned,
      ids.delivered,
      ids.late,
      ...[ids.sent, ids.cancelled].sort().reverse(),
    ]);
    expect((await listIds("sort=estimatedCost&dir=asc")).slice(0, 3)).toEqual([
      ids.late,
      ids.delivered,
      ids.planned,
    ]);
    expect(await listIds("sort=origin&dir=asc&status=CREATED,PLANNED,DELIVERED")).toEqual([
      ids.planned, // Leeds
      ids.late, // Manchester
      ids.delivered, // Prep Centre
    ]);
    expect(await listIds("sort=status&dir=asc")).toEqual([
      ids.late, // CREATED
      ids.sent, // SENT_TO_3PL
      ids.planned, // PLANNED
      ids.delivered, // DELIVERED
      ids.cancelled, // CANCELLED
    ]);
    expect((await listIds("sort=vehicle&dir=asc")).at(-1)).toBe(ids.sent); // no VRM
  });

  it("pages: pages never overlap, the total and page count are the filter's, a page past the end is empty", async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => list(`pageSize=2&page=${page}`)));
    expect(pages.map((page) => page.rows.length)).toEqual([2, 2, 1]);
    expect(new Set(pages.flatMap((page) => page.rows.map((row) => row.id))).size).toBe(5);
    expect(pages[0]).toMatchObject({ total: 5, pageCount: 3, page: 1, pageSize: 2 });
    const past = await list("pageSize=2&page=9");
    expect(past).toMatchObject({ rows: [], total: 5, pageCount: 3 });
    expect(await list("pageSize=2&status=PLANNED")).toMatchObject({ total: 1, pageCount: 1 });
  });
});

describe("exportBoardCsv", () => {
  it("exports every row of the filter (not only the page) in the board's order, escaped and formula-safe", async () => {
    const csv = await exportBoardCsv(
      world.organisation.id,
      parseBoardQuery({ pageSize: "1", page: "2", sort: "due", dir: "asc" }),
      NOW,
    );
    const lines = csv.split("\r\n").filter(Boolean);
    expect(lines).toHaveLength(6);
    expect(lines[0]).toMatch(/^Request id,Status,Status label,Late,VRM,VIN,Make,Model,/);
    expect(lines.slice(1).map((line) => line.slice(0, 27))).toEqual(
      [ids.cancelled, ids.delivered, ids.late, ids.sent, ids.planned].map((id) => `${id},`),
    );
    const late = lines.find((line) => line.startsWith(ids.late)) ?? "";
    expect(late).toContain(`${ids.late},CREATED,Awaiting planning,yes,AB12 CDE,WF0XXXGCDX1111111,`);
    expect(late).toContain(`"Ford, Motor Co","Focus ""ST"""`);
    expect(late).toContain(`,'=cmd|' /C calc'!A0,`);
    expect(late).toContain(",Retail,DRIVEN,");
    expect(late).toContain(",2026-11-18,ANYTIME,2026-11-19,ANYTIME,");
    expect(late).toContain(",50.00,GBP,");
    const delivered = lines.find((line) => line.startsWith(ids.delivered)) ?? "";
    expect(delivered).toContain(",THIRD_PARTY_LOGISTICS,Full Service Logistics,1,70.00,GBP,70.00,GBP,");
  });

  it("applies the filter and never exports another organisation's rows", async () => {
    const csv = await exportBoardCsv(world.organisation.id, parseBoardQuery({ q: "AB12 CDE" }), NOW);
    expect(csv.split("\r\n").filter(Boolean)).toHaveLength(2);
    const empty = await exportBoardCsv(
      world.organisation.id,
      parseBoardQuery({ area: "Fleet", late: "1" }),
      NOW,
    );
    expect(empty.split("\r\n").filter(Boolean)).toHaveLength(1);
  });
});
