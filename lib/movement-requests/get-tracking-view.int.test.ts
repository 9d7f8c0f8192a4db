import { beforeAll, describe, expect, it } from "vitest";
import { POST as createInPool } from "@/app/v1/movement-requests/create-in-planning-pool/route";
import { kysely } from "@/lib/db";
import { refreshEstimatedArrivals } from "@/lib/movement-requests/eta/refresh-estimated-arrivals";
import { getTrackingView, TRACKING_LINK_DAYS_AFTER_END } from "@/lib/movement-requests/get-tracking-view";
import { callRoute } from "@/test/call-route";
import { createMovementWorld, poolRequestBody, type MovementWorld } from "@/test/movement-world";
import { setupTestDatabase } from "@/test/test-database";
import { createDriver } from "@/prisma/factories/driver";

const database = setupTestDatabase();
let world: MovementWorld;

beforeAll(async () => {
  world = await createMovementWorld(database.prisma);
});

async function createTracked() {
  const response = await callRoute(createInPool, {
    method: "POST",
    path: "/v1/movement-requests/create-in-planning-pool",
    apiKey: world.integrationKey,
    body: poolRequestBody(world, {
      requestedBy: "private.person@dealer.test",
      confirmedBy: "Jane Private",
      notes: "Private note: gate code 1234",
    }),
  });
  const body = (await response.json()) as { id: string; trackingUrl: string };
  return { id: body.id, token: body.trackingUrl.split("/track/")[1]! };
}

describe("the public tracking view", () => {
  it("shows the customer's status, towns with their zones, the timeline, and nothing internal", async () => {
    const { id, token } = await createTracked();
    const view = await getTrackingView(token);
    expect(view).toMatchObject({
      organisation: { name: world.organisation.name, logoUrl: null, colour: null },
      status: "BOOKED",
      vehicle: "Ford Focus",
      origin: { town: "Manchester", timeZone: "Europe/London" },
      destination: { town: "Leeds", timeZone: "Europe/London" },
      driverFirstName: null,
      timeline: [
        { status: "BOOKED", state: "current", timeZone: "Europe/London" },
        { status: "DRIVER_ASSIGNED", state: "upcoming", at: null },
        { status: "ON_THE_WAY", state: "upcoming", at: null },
        { status: "DELIVERED", state: "upcoming", at: null },
      ],
    });
    expect(view?.timeline[0]?.at).toEqual(expect.any(String));
    const text = JSON.stringify(view);
    for (const secret of [
      id,
      world.organisation.id,
      "private.person",
      "Jane Private",
      "gate code",
      "WF0XXXGCDX1234567",
      "AB12 CDE",
      "stock-991",
      "Cents",
      "CREATED",
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it("names the driver by first name only, and shows the organisation's branding", async () => {
    const { id, token } = await createTracked();
    const driver = await createDriver(database.prisma, {
      organisationId: world.organisation.id,
      firstname: "Samira",
      surname: "Okonkwo-Private",
      phone: "+44 7700 900123",
    });
    await database.kysely
      .updateTable("Movement")
      .set({ driverId: driver.id })
      .where("movementRequestId", "=", id)
      .execute();
    await database.kysely
      .updateTable("MovementRequest")
      .set({ status: "PLANNED" })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await database.kysely
      .updateTable("Organisation")
      .set({ brandLogoUrl: "https://cdn.example.com/logo.png", brandColour: "#0F766E" })
      .where("id", "=", world.organisation.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const view = await getTrackingView(token);
    expect(view).toMatchObject({
      status: "DRIVER_ASSIGNED",
      driverFirstName: "Samira",
      organisation: { logoUrl: "https://cdn.example.com/logo.png", colour: "#0F766E" },
    });
    const text = JSON.stringify(view);
    for (const secret of ["Okonkwo", "7700", driver.id]) expect(text).not.toContain(secret);
    await database.kysely
      .updateTable("Organisation")
      .set({ brandLogoUrl: null, brandColour: null })
      .where("id", "=", world.organisation.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });

  it("shows a delivered movement's every step as done, with none current", async () => {
    const { id, token } = await createTracked();
    await database.kysely
      .updateTable("MovementRequest")
      .set({ status: "DELIVERED" })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const view = await getTrackingView(token);
    expect(view?.status).toBe("DELIVERED");
    expect(view?.timeline.map((step) => [step.status, step.state])).toEqual([
      ["BOOKED", "done"],
      ["DRIVER_ASSIGNED", "done"],
      ["ON_THE_WAY", "done"],
      ["DELIVERED", "done"],
    ]);
  });

  it("expires a while after the movement ended, never while it is open", async () => {
    const { id, token } = await createTracked();
    const later = (days: number) => new Date(Date.now() + days * 86_400_000);
    expect(await getTrackingView(token, later(365))).not.toBeNull();
    await database.kysely
      .updateTable("MovementRequest")
      .set({ status: "CANCELLED" })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const cancelled = await getTrackingView(token, later(TRACKING_LINK_DAYS_AFTER_END - 1));
    expect(cancelled?.status).toBe("CANCELLED");
    expect(cancelled?.timeline.map((step) => step.status)).toEqual(["BOOKED", "CANCELLED"]);
    expect(await getTrackingView(token, later(TRACKING_LINK_DAYS_AFTER_END + 1))).toBeNull();
  });

  it("shows the estimated arrival window: the schedule's hours, then the worker's; none once delivered", async () => {
    const { id, token } = await createTracked();
    // Before the worker's first look: the delivery slot's hours (until the delivery time) at Leeds.
    const scheduled = (await getTrackingView(token))?.arrival;
    const atLeeds = (iso: string) =>
      new Intl.DateTimeFormat("en-GB", {
        timeZone: "Europe/London",
        dateStyle: "short",
        timeStyle: "short",
      }).format(new Date(iso));
    const due = new Date(Date.now() + 30 * 86_400_000).toLocaleDateString("en-GB", { timeZone: "UTC" });
    // Any time that day (the default slot): 08:00 to 18:00.
    expect([atLeeds(scheduled!.earliest), atLeeds(scheduled!.latest)]).toEqual([
      `${due}, 08:00`,
      `${due}, 18:00`,
    ]);
    await refreshEstimatedArrivals();
    const eta = await kysely()
      .selectFrom("MovementEta")
      .select(["earliest", "latest"])
      .where("movementRequestId", "=", id)
      .executeTakeFirstOrThrow();
    expect((await getTrackingView(token))?.arrival).toEqual({
      earliest: eta.earliest.toISOString(),
      latest: eta.latest.toISOString(),
    });
    await kysely().updateTable("MovementRequest").set({ status: "DELIVERED" }).where("id", "=", id).execute();
    expect((await getTrackingView(token))?.arrival).toBeNull();
  });

  it("finds nothing for an unknown or malformed token", async () => {
    expect(await getTrackingView("A".repeat(32))).toBeNull();
    expect(await getTrackingView("../../etc/passwd")).toBeNull();
  });

  it("finds nothing once the organisation turns tracking off", async () => {
    const { token } = await createTracked();
    await database.kysely
      .updateTable("Organisation")
      .set({ trackingEnabled: false })
      .where("id", "=", world.organisation.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(await getTrackingView(token)).toBeNull();
    await database.kysely
      .updateTable("Organisation")
      .set({ trackingEnabled: true })
      .where("id", "=", world.organisation.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
});
