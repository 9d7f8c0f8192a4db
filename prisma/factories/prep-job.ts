import { newId } from "@/lib/ids";
import { BusinessArea, PrepJobSource, PrepJobStage, type Prisma } from "@/lib/generated/prisma/client";
import { nextSequence, type FactoryDb } from "./db";
import { testVin, testVrm } from "./vehicle";

export type PrepJobInput = {
  organisationId: string;
  profileId: string;
} & Partial<Omit<Prisma.PrepJobUncheckedCreateInput, "movementRequests">>;

/** Defaults to a manually created INBOUND job without substage; pass prepSiteId (null = parked). */
export function createPrepJob(db: FactoryDb, input: PrepJobInput) {
  const n = nextSequence();
  return db.prepJob.create({
    data: {
      id: newId(),
      vin: testVin(n),
      vrm: testVrm(n),
      make: "Ford",
      model: "Focus",
      businessArea: BusinessArea.Retail,
      source: PrepJobSource.CREATED_MANUALLY,
      stage: PrepJobStage.INBOUND,
      createdByUser: "staff@example.test",
      ...input,
    },
  });
}
