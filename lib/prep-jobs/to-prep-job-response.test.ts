import { describe, expect, it } from "vitest";
import type { PrepJobWithMovementRequests } from "@/lib/prep-jobs/to-prep-job-response";
import { prepJobSchema } from "@/lib/prep-jobs/schemas";
import { toPrepJobResponse } from "@/lib/prep-jobs/to-prep-job-response";

const row: PrepJobWithMovementRequests = {
  id: "01JD0000000000000000000000",
  organisationId: "org",
  profileId: "profile",
  version: 3,
  vin: "WF0XXXGCDX1234567",
  vrm: null,
  make: null,
  model: null,
  modelVariant: null,
  prepSiteId: null,
  businessArea: "Retail",
  source: "CREATED_MANUALLY",
  stage: "INBOUND",
  substage: null,
  notes: null,
  createdByUser: "buyer@dealer.test",
  collectionSiteId: "site",
  stageChangedAt: new Date("2026-11-21T09:30:00Z"),
  finishedAt: null,
  createdAt: new Date("2026-11-21T09:30:00Z"),
  updatedAt: new Date("2026-11-22T14:05:12.5Z"),
  movementRequests: [],
};

describe("toPrepJobResponse", () => {
  it("leaves unset optional fields out, keeps prepSiteId null, and writes UTC instants with milliseconds", () => {
    const body = toPrepJobResponse(row);
    expect(body).toEqual({
      id: row.id,
      vin: row.vin,
      prepSiteId: null,
      businessArea: "Retail",
      source: "CREATED_MANUALLY",
      stage: "INBOUND",
      createdByUser: "buyer@dealer.test",
      createdAt: "2026-11-21T09:30:00.000Z",
      updatedAt: "2026-11-22T14:05:12.500Z",
    });
    expect(Object.values(body)).not.toContain(undefined);
    expect(prepJobSchema.parse(body)).toEqual(body);
  });

  it("carries every set field, and nothing internal", () => {
    const body = toPrepJobResponse({
      ...row,
      vrm: "AB12 CDE",
      make: "Ford",
      model: "Focus",
      modelVariant: "ST-Line",
      prepSiteId: "prep",
      substage: "SCHEDULED",
      notes: "Keys at desk",
      // Newest first, as currentMovementRequests reads them: the first of each direction is current.
      movementRequests: [
        { id: "outbound-2", prepJobDirection: "OUTBOUND" },
        { id: "inbound-1", prepJobDirection: "INBOUND" },
        { id: "inbound-0", prepJobDirection: "INBOUND" },
      ],
    });
    expect(body).toMatchObject({
      inboundMovementRequestId: "inbound-1",
      outboundMovementRequestId: "outbound-2",
      vrm: "AB12 CDE",
      make: "Ford",
      model: "Focus",
      modelVariant: "ST-Line",
      prepSiteId: "prep",
      substage: "SCHEDULED",
      notes: "Keys at desk",
    });
    for (const internal of [
      "organisationId",
      "profileId",
      "version",
      "collectionSiteId",
      "stageChangedAt",
      "movementRequests",
    ]) {
      expect(body).not.toHaveProperty(internal);
    }
  });
});
