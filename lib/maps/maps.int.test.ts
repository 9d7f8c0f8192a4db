// The maps' data (issue #35 §1, docs/maps.md): the board's map with the board's filters and tenancy,
// the detail panel's, the tracking page's privacy rule (about 1 km, only while coming to the
// customer), and the site settings' pin.
import { beforeAll, describe, expect, it } from "vitest";
import { kysely } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import type { MovementStatus, MovementRequestStatus } from "@/lib/generated/prisma/enums";
import { listPinnedSites, moveSitePin } from "@/lib/infrastructure/site-pin";
import { sitePinInput } from "@/lib/infrastructure/site-pin-schema";
import { getBoardMap, MAP_VEHICLE_LIMIT } from "@/lib/maps/board-map";
import { getMovementMap } from "@/lib/maps/movement-map";
import { getTrackingMap } from "@/lib/movement-requests/tracking-map";
import { parseBoardQuery } from "@/lib/movement-requests/board/board-query";
import { getTrackingView } from "@/lib/movement-requests/get-tracking-view";
import { createMovementWorld, type MovementWorld } from "@/test/movement-world";
import { setupTestDatabase } from "@/test/test-database";
import { createMovementRequest } from "@/prisma/factories";

const database = setupTestDatabase();
let world: MovementWorld;
let other: MovementWorld;
let tokenCount = 0;

beforeAll(async () => {
  world = await createMovementWorld(database.prisma);
  other = await createMovementWorld(database.prisma);
});

type Leg = { status: MovementStatus; to?: "leeds" | "prepCentre" | "yokohama" };

/** A request of `target` from Manchester to `to`, its legs as given, and a tracking token. */
async function request(
  status: MovementRequestStatus,
  legs: Leg[],
  options: { target?: MovementWorld; to?: "leeds" | "yokohama"; vrm?: string } = {},
) {
  const target = options.target ?? world;
  tokenCount += 1;
  const created = await createMovementRequest(database.prisma, {
    organisationId: target.organisation.id,
    profileId: target.profile.id,
    status,
    vrm: options.vrm ?? "MA51 MAP",
    originSiteId: target.sites.manchester.id,
    destinationSiteId: target.sites[options.to ?? "leeds"].id,
    trackingToken: `map-token-${String(tokenCount).padStart(8, "0")}`,
    legs: legs.map((leg) => ({
      status: leg.status,
      ...(leg.to ? { destinationSiteId: target.sites[leg.to].id } : {}),
    })),
  });
  return { id: created.id, token: created.trackingToken!, legs: created.movements.map((leg) => leg.id) };
}

/** What recordPositions leaves for the map: the leg's newest position. */
async function lastPosition(
  requestId: string,
  legId: string,
  latitude: number,
  longitude: number,
  target: MovementWorld = world,
) {
  await kysely()
    .insertInto("MovementLastPosition")
    .values({
      movementId: legId,
      organisationId: target.organisation.id,
      movementRequestId: requestId,
      latitude,
      longitude,
      recordedAt: new Date(),
    })
    .execute();
}

const boardMap = (search = "", target: MovementWorld = world) =>
  getBoardMap(target.organisation.id, parseBoardQuery(new URLSearchParams(search)));

describe("the board's map", () => {
  it("groups the open movements by lane, leaves the ended ones out, and shows only the vehicles on the road", async () => {
    const onTheRoad = await request("IN_PROGRESS", [{ status: "IN_PROGRESS" }], { vrm: "RO11 ADS" });
    await lastPosition(onTheRoad.id, onTheRoad.legs[0]!, 53.612345678, -1.9);
    await request("PLANNED", [{ status: "OPEN" }]);
    await request("CREATED", [{ status: "OPEN" }], { to: "yokohama" });
    const delivered = await request("DELIVERED", [{ status: "DELIVERED" }]);
    // A leg delivered keeps its last row until the purge: not on the road, so not on the map.
    await lastPosition(delivered.id, delivered.legs[0]!, 53.7, -1.6);
    // Another organisation's vehicle on the same lane.
    const theirs = await request("IN_PROGRESS", [{ status: "IN_PROGRESS" }], { target: other });
    await lastPosition(theirs.id, theirs.legs[0]!, 53.5, -2.0, other);

    const map = await boardMap();
    const siteIndex = (id: string) => map.sites.findIndex((site) => site[0] === id);
    const { manchester, leeds, yokohama } = world.sites;
    expect(map.sites.map((site) => site[0]).sort()).toEqual(
      Object.values(world.sites)
        .map((site) => site.id)
        .sort(),
    );
    expect(map.sites[siteIndex(world.sites.prepCentre.id)]?.[5]).toBe(1);
    expect(map.lanes).toEqual(
      expect.arrayContaining([
        [siteIndex(manchester.id), siteIndex(leeds.id), 2],
        [siteIndex(manchester.id), siteIndex(yokohama.id), 1],
      ]),
    );
    expect(map.lanes).toHaveLength(2);
    expect(map.vehicles).toEqual([[onTheRoad.id, 53.61235, -1.9, "RO11 ADS"]]);
    expect(map.vehiclesTruncated).toBe(false);

    const theirMap = await boardMap("", other);
    expect(theirMap.vehicles.map((vehicle) => vehicle[0])).toEqual([theirs.id]);
    expect(theirMap.sites.some((site) => site[0] === manchester.id)).toBe(false);
  });

  it("applies the board's filters to the open movements: the status, the destination, the search", async () => {
    const onlyEnded = await boardMap("status=DELIVERED,CANCELLED");
    expect(onlyEnded).toMatchObject({ lanes: [], vehicles: [] });
    expect(onlyEnded.sites).toHaveLength(Object.keys(world.sites).length);
    const planned = await boardMap("status=PLANNED,DELIVERED");
    expect(planned.lanes.map((lane) => lane[2])).toEqual([1]);
    expect(planned.vehicles).toEqual([]);
    const onTheRoad = await boardMap("status=IN_PROGRESS");
    expect(onTheRoad.vehicles.map((vehicle) => vehicle[3])).toEqual(["RO11 ADS"]);
    const toYokohama = await boardMap(`destination=${world.sites.yokohama.id}`);
    expect(toYokohama.lanes.map((lane) => lane[2])).toEqual([1]);
    expect(toYokohama.vehicles).toEqual([]);
    const searched = await boardMap("q=RO11");
    expect(searched.vehicles.map((vehicle) => vehicle[3])).toEqual(["RO11 ADS"]);
    expect(searched.lanes.map((lane) => lane[2])).toEqual([1]);
  });

  it("sends the newest positions up to its limit and says when there were more, in about 60 bytes each", async () => {
    const limited = await getBoardMap(world.organisation.id, parseBoardQuery({}), new Date(), 0);
    expect(limited).toMatchObject({ vehicles: [], vehiclesTruncated: true });
    const full = await boardMap();
    // A real entry's size, VRM and all: MAP_VEHICLE_LIMIT of them keep the answer well under 300 KB.
    const [vehicle] = full.vehicles;
    expect(JSON.stringify(vehicle).length + 1).toBeLessThanOrEqual(60);
    expect(MAP_VEHICLE_LIMIT * 60).toBeLessThanOrEqual(200_000);
  });
});

describe("the detail panel's map", () => {
  it("shows the sites and the vehicle on the road; another organisation's request is not found", async () => {
    const onTheRoad = await request("IN_PROGRESS", [{ status: "IN_PROGRESS" }]);
    await lastPosition(onTheRoad.id, onTheRoad.legs[0]!, 53.65, -1.95);
    expect(await getMovementMap(world.organisation.id, onTheRoad.id)).toMatchObject({
      origin: { name: "Manchester", latitude: 53.4808, longitude: -2.2426 },
      destination: { name: "Leeds", latitude: 53.8008, longitude: -1.5491 },
      vehicle: { latitude: 53.65, longitude: -1.95 },
    });
    const waiting = await request("PLANNED", [{ status: "OPEN" }]);
    expect((await getMovementMap(world.organisation.id, waiting.id)).vehicle).toBeNull();
    const refused = getMovementMap(other.organisation.id, onTheRoad.id);
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(refused).rejects.toMatchObject({ code: "VEHICLE_MOVEMENT_REQUEST_NOT_FOUND" });
  });
});

describe("the tracking page's map", () => {
  it("shows the vehicle coming to the customer at about 1 km, never its exact position", async () => {
    const coming = await request("IN_PROGRESS", [{ status: "IN_PROGRESS" }]);
    await lastPosition(coming.id, coming.legs[0]!, 53.70123, -1.81234);
    const map = await getTrackingMap(coming.token);
    expect(map?.destination).toEqual({ latitude: 53.8008, longitude: -1.5491 });
    const vehicle = map!.vehicle!;
    expect(vehicle.latitude).not.toBe(53.70123);
    expect(vehicle.longitude).not.toBe(-1.81234);
    const km = distanceKm([vehicle.latitude, vehicle.longitude], [53.70123, -1.81234]);
    expect(km).toBeGreaterThan(0);
    expect(km).toBeLessThan(0.8);
    // The public view carries the same map.
    expect((await getTrackingView(coming.token))?.map).toEqual(map);
  });

  it("shows no vehicle before collection, between legs (at the prep site), on the first leg, or after delivery", async () => {
    const booked = await request("PLANNED", [{ status: "OPEN" }]);
    expect((await getTrackingMap(booked.token))?.vehicle).toBeNull();

    // Two legs via the prep centre: the first leg is not coming to the customer yet.
    const firstLeg = await request("IN_PROGRESS", [
      { status: "IN_PROGRESS", to: "prepCentre" },
      { status: "OPEN" },
    ]);
    await lastPosition(firstLeg.id, firstLeg.legs[0]!, 53.45, -2.4);
    expect((await getTrackingMap(firstLeg.token))?.vehicle).toBeNull();

    const atThePrepSite = await request("IN_PROGRESS", [
      { status: "DELIVERED", to: "prepCentre" },
      { status: "OPEN" },
    ]);
    await lastPosition(atThePrepSite.id, atThePrepSite.legs[0]!, 53.39, -2.59);
    expect((await getTrackingMap(atThePrepSite.token))?.vehicle).toBeNull();

    const secondLeg = await request("IN_PROGRESS", [
      { status: "DELIVERED", to: "prepCentre" },
      { status: "IN_PROGRESS" },
    ]);
    await lastPosition(secondLeg.id, secondLeg.legs[0]!, 53.39, -2.59);
    await lastPosition(secondLeg.id, secondLeg.legs[1]!, 53.6, -2.0);
    const coming = (await getTrackingMap(secondLeg.token))?.vehicle;
    expect(distanceKm([coming!.latitude, coming!.longitude], [53.6, -2.0])).toBeLessThan(0.8);

    const delivered = await request("DELIVERED", [{ status: "DELIVERED" }]);
    await lastPosition(delivered.id, delivered.legs[0]!, 53.8, -1.55);
    expect((await getTrackingMap(delivered.token))?.vehicle).toBeNull();
    expect(await getTrackingMap("no-such-token-000000")).toBeNull();
  });
});

describe("the site settings' pin", () => {
  it("reads the site's number as E.164, an empty one as none", () => {
    const parse = (phone: unknown) =>
      sitePinInput.safeParse({ siteId: "s1", latitude: 1, longitude: 1, phone });
    expect(parse("+441134960000").data?.phone).toBe("+441134960000");
    expect(parse("").data?.phone).toBeNull();
    expect(parse(undefined).data?.phone).toBeNull();
    expect(parse("0113 496 0000").error?.issues[0]?.path).toEqual(["phone"]);
  });

  it("moves the organisation's own site, and refuses another organisation's", async () => {
    const leeds = world.sites.leeds.id;
    const moved = await moveSitePin(
      world.organisation.id,
      { siteId: leeds, latitude: 53.7997, longitude: -1.5492, phone: "+441134960000" },
      "user:admin",
    );
    expect(moved).toMatchObject({ id: leeds, latitude: 53.7997, longitude: -1.5492, phone: "+441134960000" });
    expect((await listPinnedSites(world.organisation.id)).find((site) => site.id === leeds)).toMatchObject({
      latitude: 53.7997,
      longitude: -1.5492,
    });
    const refused = moveSitePin(
      other.organisation.id,
      { siteId: leeds, latitude: 0, longitude: 0, phone: null },
      "user:other",
    );
    await expect(refused).rejects.toMatchObject({ code: "SITE_NOT_FOUND" });
    expect((await listPinnedSites(world.organisation.id)).find((site) => site.id === leeds)?.latitude).toBe(
      53.7997,
    );
  });
});

/** Great-circle distance (haversine). */
function distanceKm([lat1, lng1]: [number, number], [lat2, lng2]: [number, number]): number {
  const rad = (degrees: number) => (degrees * Math.PI) / 180;
  const a =
    Math.sin(rad(lat2 - lat1) / 2) ** 2 +
    Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lng2 - lng1) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(a));
}
