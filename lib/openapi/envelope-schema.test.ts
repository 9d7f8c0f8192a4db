import { describe, expect, it } from "vitest";
import { webhookEnvelopeSchema } from "@/lib/events/envelope-schema";
import {
  WEBHOOK_EVENT_TYPES,
  buildMovementEnvelope,
  type LegForEnvelope,
} from "@/lib/events/movement-envelope";
import type { MovementRequest, Site } from "@/lib/generated/prisma/client";

const day = (value: string) => new Date(`${value}T00:00:00.000Z`);

function site(id: string, countryCode: string): Site {
  return { id, countryCode, timezone: null } as Site;
}

const request = {
  id: "01JD6Z3Q4W8XKZ5R2N7B9C1DFE",
  vin: "WVWZZZ1KZAW000001",
  vrm: "AB12 CDE",
  make: "Volkswagen",
  model: "Golf",
  modelVariant: null,
  businessArea: "Retail",
  transportMethod: "DRIVEN",
  notes: "Keys are with reception.",
  confirmedBy: null,
  externalVehicleId: "STOCK-10442",
} as MovementRequest;

function leg(overrides: Partial<LegForEnvelope>): LegForEnvelope {
  return {
    id: "01JD6Z3Q4W8XKZ5R2N7B9C1DFF",
    status: "IN_PROGRESS",
    version: 2,
    originSiteId: "site-gb",
    destinationSiteId: "site-us",
    originScheduledOn: day("2026-11-23"),
    originScheduledTimeslot: "AM",
    originPredictedOn: null,
    originPredictedTimeslot: null,
    originActualOn: day("2026-11-23"),
    destinationScheduledOn: day("2026-11-25"),
    destinationScheduledTimeslot: "PM",
    destinationPredictedOn: day("2026-11-24"),
    destinationPredictedTimeslot: "ANYTIME",
    destinationActualOn: day("2026-11-25"),
    abortReason: "NotOnSite",
    originSite: site("site-gb", "GB"),
    destinationSite: site("site-us", "US"),
    driver: { firstname: "Priya", surname: "Shah" },
    ...overrides,
  } as LegForEnvelope;
}

const STATUS_AFTER = {
  "movement.collected": "IN_PROGRESS",
  "movement.delivered": "DELIVERED",
  "movement.cancelled": "CANCELLED",
  "movement.aborted": "ABORTED",
} as const;

describe("the webhook envelope schema", () => {
  it.each(WEBHOOK_EVENT_TYPES)(
    "accepts the %s envelope the service builds, member for member",
    (eventType) => {
      for (const overrides of [{}, { driver: null, abortReason: null, originSiteId: "site-gb" }]) {
        const { envelope } = buildMovementEnvelope({
          eventType,
          request,
          leg: leg({ status: STATUS_AFTER[eventType], ...overrides }),
          occurredAt: new Date("2026-11-23T09:41:07.123Z"),
        });
        const sent = JSON.parse(envelope) as unknown;
        const parsed = webhookEnvelopeSchema.safeParse(sent);
        expect(parsed.error?.issues ?? []).toEqual([]);
        // Nothing the builder sends is unknown to the schema (parsing strips unknown members).
        expect(parsed.data).toEqual(sent);
      }
    },
  );

  it("requires each event's own movement date", () => {
    const { envelope } = buildMovementEnvelope({
      eventType: "movement.collected",
      request,
      leg: leg({ originActualOn: null }),
      occurredAt: new Date(),
    });
    expect(webhookEnvelopeSchema.safeParse(JSON.parse(envelope)).success).toBe(false);
  });

  it("takes occurredAt in UTC only and occurredAtLocal with an offset", () => {
    const { envelope } = buildMovementEnvelope({
      eventType: "movement.cancelled",
      request,
      leg: leg({ status: "CANCELLED" }),
      occurredAt: new Date("2026-07-01T09:00:00.000Z"),
    });
    const sent = JSON.parse(envelope) as Record<string, unknown>;
    expect(sent.occurredAtLocal).toBe("2026-07-01T10:00:00.000+01:00");
    expect(
      webhookEnvelopeSchema.safeParse({ ...sent, occurredAt: "2026-07-01T10:00:00+01:00" }).success,
    ).toBe(false);
  });

  it("publishes the specification's abort reasons", () => {
    const aborted = webhookEnvelopeSchema.options.find(
      (option) => option.shape.eventType.value === "movement.aborted",
    );
    expect(aborted?.shape.movement.shape).toHaveProperty("abortReason");
    const reasons = (aborted?.shape.movement.shape as { abortReason: { unwrap(): { options: string[] } } })
      .abortReason;
    expect(reasons.unwrap().options).toEqual([
      "NotOnSite",
      "NotReady",
      "NeedsDifferentTransportMethod",
      "CancelledTooLate",
      "Other",
    ]);
  });
});
