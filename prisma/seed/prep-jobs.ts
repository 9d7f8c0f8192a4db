// Prep jobs and their inbound / outbound movement requests, kept consistent with the job's stage.
import {
  BusinessArea,
  PrepJobDirection,
  PrepJobSource,
  PrepJobStage,
  type PrepJobSubstage,
} from "@/lib/generated/prisma/client";
import { addHours, createPrepJob, type FactoryDb } from "@/prisma/factories";
import { lookup, type DemoOrganisation, type DemoWorld } from "./context";
import type { DemoRequest } from "./requests";
import type { DemoVehicle } from "./vehicles";

type LinkedRequest = Omit<DemoRequest, "vehicle" | "area" | "prepJob">;

export type DemoPrepJob = {
  vehicle: DemoVehicle;
  /** Prep site code; null while an inbound job is parked. */
  site: string | null;
  /** Where a parked vehicle stands. */
  collectionSite?: string;
  stage: PrepJobStage;
  substage?: PrepJobSubstage;
  stageHoursAgo: number;
  /** Defaults to the inbound request's creation, or to the stage change. */
  createdHoursAgo?: number;
  source: PrepJobSource;
  createdBy: "api" | "dispatcher" | "prep";
  area?: BusinessArea;
  notes?: string;
  inbound?: LinkedRequest;
  outbound?: LinkedRequest;
};

const STAGE_ORDER: PrepJobStage[] = [
  PrepJobStage.INBOUND,
  PrepJobStage.ARRIVED,
  PrepJobStage.APPRAISED,
  PrepJobStage.OUTBOUND,
];

/** Creates the job; returns its linked movement requests for the caller to insert in time order. */
export async function createDemoPrepJob(
  db: FactoryDb,
  world: DemoWorld,
  org: DemoOrganisation,
  spec: DemoPrepJob,
): Promise<DemoRequest[]> {
  const creatorEmail = {
    api: org.integrationEmail,
    dispatcher: org.dispatcherEmail,
    prep: "prep@demo.test",
  }[spec.createdBy];
  const createdHoursAgo = spec.inbound?.createdHoursAgo ?? spec.createdHoursAgo ?? spec.stageHoursAgo;
  const stageChangedAt = addHours(world.now, -spec.stageHoursAgo);
  const area = spec.area ?? BusinessArea.Retail;
  const job = await createPrepJob(db, {
    organisationId: org.organisation.id,
    profileId: org.profile.id,
    ...spec.vehicle,
    prepSiteId: spec.site ? lookup(org.sites, spec.site, "site").id : null,
    collectionSiteId: spec.collectionSite ? lookup(org.sites, spec.collectionSite, "site").id : null,
    businessArea: area,
    source: spec.source,
    stage: spec.stage,
    substage: spec.substage ?? null,
    notes: spec.notes ?? null,
    createdByUser:
      spec.inbound && spec.source === PrepJobSource.CREATED_VMR
        ? requestCreator(org, spec.inbound)
        : creatorEmail,
    version: STAGE_ORDER.indexOf(spec.stage) + (spec.substage ? 2 : 1),
    stageChangedAt,
    createdAt: addHours(world.now, -createdHoursAgo),
    updatedAt: stageChangedAt,
  });
  const linked: DemoRequest[] = [];
  if (spec.inbound) {
    linked.push({
      ...spec.inbound,
      vehicle: spec.vehicle,
      area,
      prepJob: { id: job.id, direction: PrepJobDirection.INBOUND },
    });
  }
  if (spec.outbound) {
    linked.push({
      ...spec.outbound,
      vehicle: spec.vehicle,
      area,
      prepJob: { id: job.id, direction: PrepJobDirection.OUTBOUND },
    });
  }
  return linked;
}

function requestCreator(org: DemoOrganisation, request: LinkedRequest): string {
  return request.createdVia === "ui" ? org.dispatcherEmail : org.integrationEmail;
}
