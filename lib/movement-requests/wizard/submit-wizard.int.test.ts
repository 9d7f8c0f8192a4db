import { beforeAll, describe, expect, it } from "vitest";
import { estimateCost, greatCircleDistanceKm } from "@/lib/movement-requests/pricing";
import { submitWizard, type WizardStaff } from "@/lib/movement-requests/wizard/submit-wizard";
import type { WizardInput } from "@/lib/movement-requests/wizard/wizard-schema";
import { createMovementWorld, type MovementWorld } from "@/test/movement-world";
import { setupTestDatabase } from "@/test/test-database";
import { createSite, dateOnlyFromToday } from "@/prisma/factories";
import { countRows } from "@/test/count-rows";

const database = setupTestDatabase();
let world: MovementWorld;
let otherWorld: MovementWorld;
let staff: WizardStaff;

beforeAll(async () => {
  world = await createMovementWorld(database.prisma);
  otherWorld = await createMovementWorld(database.prisma);
  staff = { organisationId: world.organisation.id, email: "dana.dispatcher@example.test" };
});

function form(overrides: Partial<WizardInput> = {}): WizardInput {
  return {
    vehicle: { vin: "WF0XXXGCDX1234567", vrm: "AB12 CDE", make: "Ford", model: "Focus" },
    businessArea: "Retail",
    readyWhen: "now",
    origin: { location: { type: "INTERNAL", siteId: world.sites.manchester.id } },
    destination: {
      location: { type: "INTERNAL", siteId: world.sites.leeds.id },
      deliveryByDate: dateOnlyFromToday(30),
      deliveryByTime: "16:00",
    },
    transportMethod: "TRANSPORTED",
    profileId: world.profile.id,
    dispatchTo: "planningPool",
    ...overrides,
  };
}

function expectFailure(result: Awaited<ReturnType<typeof submitWizard>>) {
  if (result.ok) throw new Error("expected the submission to fail");
  return result;
}

describe("submitWizard", () => {
  it("puts a deadline in the past under the delivery date field, creating nothing", async () => {
    const before = await countRows(database.kysely, "MovementRequest");
    const failure = expectFailure(
      await submitWizard(
        staff,
        form({
          destination: {
            location: { type: "INTERNAL", siteId: world.sites.leeds.id },
            deliveryByDate: dateOnlyFromToday(-1),
          },
        }),
      ),
    );
    expect(failure.code).toBe("INVALID_DELIVERY_DATE");
    expect(failure.errors).toEqual([
      { path: "destination.deliveryByDate", message: expect.stringMatching(/^Must be today/) },
    ]);
    expect(await countRows(database.kysely, "MovementRequest")).toBe(before);
  });

  it("creates a planning-pool request as the staff user, priced by the internal rate card", async () => {
    const result = await submitWizard(staff, form({ notes: "Keys at reception" }));
    expect(result.ok).toBe(true);
    const id = result.ok ? result.id : "";
    const stored = {
      ...(await database.kysely
        .selectFrom("MovementRequest")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirstOrThrow()),
      statusChanges: await database.kysely
        .selectFrom("MovementRequestStatusChange")
        .selectAll()
        .where("movementRequestId", "=", id)
        .execute(),
    };
    expect(stored).toMatchObject({
      organisationId: world.organisation.id,
      profileId: world.profile.id,
      status: "CREATED",
      createdBy: "dana.dispatcher@example.test",
      deliveryByTimeslot: "PM",
      deliveryByTime: "16:00",
      notes: "Keys at reception",
      estimatedCostCents: estimateCost(
        { baseCostCents: 6000, perKmCostCents: 120, currencyCode: "GBP" },
        greatCircleDistanceKm(world.sites.manchester, world.sites.leeds),
      )?.centAmount,
    });
    expect(stored.statusChanges[0]?.actor).toBe("user:dana.dispatcher@example.test");
    // The staff user gets the tracking e-mail: the creator is a person.
    const outbox = await database.kysely
      .selectFrom("EmailMessage")
      .selectAll()
      .where("to", "=", staff.email)
      .execute();
    expect(outbox.length).toBeGreaterThan(0);
  });

  it("sends a request to a 3PL with its date adjustments", async () => {
    const result = await submitWizard(
      staff,
      form({
        dispatchTo: "thirdPartyLogistics",
        thirdPartyLogisticsProviderId: world.providers.fullService.id,
        origin: {
          location: { type: "INTERNAL", siteId: world.sites.manchester.id },
          allowCollectionDateAdjustment: true,
        },
      }),
    );
    const id = result.ok ? result.id : "";
    const stored = {
      ...(await database.kysely
        .selectFrom("MovementRequest")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirstOrThrow()),
      movements: await database.kysely
        .selectFrom("Movement")
        .selectAll()
        .where("movementRequestId", "=", id)
        .execute(),
    };
    expect(stored.status).toBe("SENT_TO_3PL");
    expect(stored.allowCollectionDateAdjustment).toBe(true);
    expect(stored.movements[0]?.thirdPartyLogisticsProviderId).toBe(world.providers.fullService.id);
  });

  it("maps an invalid VRM to the field, with the API's code", async () => {
    const result = expectFailure(await submitWizard(staff, form({ vehicle: { vrm: "AB12  CDE" } })));
    expect(result.code).toBe("INVALID_VRM");
    expect(result.errors).toEqual([{ path: "vehicle.vrm", message: "Not a valid UK registration mark" }]);
  });

  it("maps missing fields with the wizard's wording", async () => {
    const result = expectFailure(
      await submitWizard(staff, {
        ...form(),
        destination: { location: { type: "INTERNAL", siteId: world.sites.leeds.id } },
      }),
    );
    expect(result.code).toBe("VALIDATION_ERROR");
    expect(result.errors).toEqual([
      { path: "destination.deliveryByDate", message: "Enter the date it must be delivered by" },
    ]);
  });

  it("maps a site that is gone (or another organisation's) to its field", async () => {
    const doomed = await createSite(database.prisma, { organisationId: world.organisation.id });
    await database.kysely.deleteFrom("Site").where("id", "=", doomed.id).execute();
    const gone = expectFailure(
      await submitWizard(
        staff,
        form({
          destination: { location: { type: "INTERNAL", siteId: doomed.id }, deliveryByDate: "2026-12-01" },
        }),
      ),
    );
    expect(gone.code).toBe("SITE_NOT_FOUND");
    expect(gone.errors).toEqual([
      { path: "destination.location.siteId", message: "This site is no longer available: choose another" },
    ]);
    const foreign = expectFailure(
      await submitWizard(
        staff,
        form({ origin: { location: { type: "INTERNAL", siteId: otherWorld.sites.leeds.id } } }),
      ),
    );
    expect(foreign.code).toBe("SITE_NOT_FOUND");
    expect(foreign.errors.map((error) => error.path)).toEqual(["origin.location.siteId"]);
  });

  it("maps a 3PL that cannot carry the method to the method and the provider", async () => {
    const result = expectFailure(
      await submitWizard(
        staff,
        form({
          dispatchTo: "thirdPartyLogistics",
          thirdPartyLogisticsProviderId: world.providers.drivenOnly.id,
        }),
      ),
    );
    expect(result.code).toBe("PROVIDER_CANNOT_FULFIL_MOVEMENT");
    expect(result.errors).toEqual([
      { path: "transportMethod", message: "Not supported by Driven Only" },
      {
        path: "thirdPartyLogisticsProviderId",
        message: "Driven Only does not carry out TRANSPORTED movements.",
      },
    ]);
  });

  it("refuses a 3PL not configured for the profile, and another organisation's profile", async () => {
    const unconfigured = expectFailure(
      await submitWizard(
        staff,
        form({
          dispatchTo: "thirdPartyLogistics",
          thirdPartyLogisticsProviderId: world.providers.unconfigured.id,
        }),
      ),
    );
    expect(unconfigured.code).toBe("THIRD_PARTY_LOGISTICS_PROVIDER_NOT_FOUND");
    expect(unconfigured.errors.map((error) => error.path)).toEqual(["thirdPartyLogisticsProviderId"]);

    const before = await countRows(database.kysely, "MovementRequest", (query) =>
      query.where("profileId", "=", otherWorld.profile.id),
    );
    const foreign = expectFailure(await submitWizard(staff, form({ profileId: otherWorld.profile.id })));
    expect(foreign.code).toBe("NOT_FOUND");
    expect(foreign.errors.map((error) => error.path)).toEqual(["profileId"]);
    expect(
      await countRows(database.kysely, "MovementRequest", (query) =>
        query.where("profileId", "=", otherWorld.profile.id),
      ),
    ).toBe(before);
  });

  it("refuses fields the API does not know, as the API does", async () => {
    const result = expectFailure(await submitWizard(staff, { ...form(), cost: { centAmount: 1 } }));
    expect(result.code).toBe("VALIDATION_ERROR");
  });

  it("stores the customer when given; three empty boxes are no customer; a bad phone is the phone's error", async () => {
    const given = await submitWizard(
      staff,
      form({ customer: { name: "Sam Buyer", phone: "+447700900123" } }),
    );
    const withCustomer = given.ok ? given.id : "";
    expect(
      await database.kysely
        .selectFrom("MovementCustomer")
        .selectAll()
        .where("movementRequestId", "=", withCustomer)
        .executeTakeFirst()
        .then((row) => row ?? null),
    ).toMatchObject({ name: "Sam Buyer", phone: "+447700900123", email: null });

    const empty = await submitWizard(
      staff,
      form({ customer: { name: undefined, email: undefined, phone: undefined } }),
    );
    expect(empty.ok).toBe(true);
    const without = empty.ok ? empty.id : "";
    expect(
      await database.kysely
        .selectFrom("MovementCustomer")
        .selectAll()
        .where("movementRequestId", "=", without)
        .executeTakeFirst()
        .then((row) => row ?? null),
    ).toBeNull();

    const failure = expectFailure(await submitWizard(staff, form({ customer: { phone: "07700 900123" } })));
    expect(failure.errors).toEqual([{ path: "customer.phone", message: expect.stringMatching(/E\.164/) }]);
  });
});
