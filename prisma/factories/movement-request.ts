import { newId } from "@/lib/ids";
import {
  BusinessArea,
  MovementRequestStatus,
  Timeslot,
  TransportMethod,
  type Prisma,
} from "@/lib/generated/prisma/client";
import { utcDate } from "./dates";
import { nextSequence, type FactoryDb } from "./db";
import { testVin, testVrm } from "./vehicle";

/** One entry of the audit trail; `fromStatus` is the previous entry's status. */
export type StatusStep = { status: MovementRequestStatus; at?: Date; actor?: string; reason?: string };

/** A leg; its origin defaults to the previous leg's destination, the last leg's destination to the request's. */
export type LegInput = Partial<Omit<Prisma.MovementUncheckedCreateWithoutMovementRequestInput, "legNumber">>;

export type MovementRequestInput = {
  organisationId: string;
  profileId: string;
  originSiteId: string;
  destinationSiteId: string;
  /** Defaults to one leg over the whole route. */
  legs?: LegInput[];
  /** Audit trail, oldest first; the request's status is its last step. Defaults to one step. */
  history?: StatusStep[];
  /** Actor of the default single audit step. */
  actor?: string;
} & Partial<Omit<Prisma.MovementRequestUncheckedCreateInput, "movements" | "statusChanges">>;

/** A movement request with its legs and its audit trail, in one insert. */
export function createMovementRequest(db: FactoryDb, input: MovementRequestInput) {
  const { legs: legInputs = [{}], history: historyInput, actor, ...overrides } = input;
  const n = nextSequence();
  const createdAt = overrides.createdAt ? new Date(overrides.createdAt) : new Date();
  const createdBy = overrides.createdBy ?? "integration@example.test";
  const history = historyInput ?? [
    { status: overrides.status ?? MovementRequestStatus.CREATED, actor: actor ?? `user:${createdBy}` },
  ];
  const lastStep = history.at(-1);
  if (!lastStep) throw new Error("A movement request needs at least one status step");
  if (overrides.status && overrides.status !== lastStep.status) {
    throw new Error(`status ${overrides.status} contradicts the last history step ${lastStep.status}`);
  }

  const request = {
    vin: testVin(n),
    vrm: testVrm(n),
    make: "Ford",
    model: "Focus",
    readyToCollectFromDate: utcDate(0),
    readyToCollectFromTimeslot: Timeslot.ANYTIME,
    deliveryByDate: utcDate(3),
    deliveryByTimeslot: Timeslot.ANYTIME,
    businessArea: BusinessArea.Retail,
    transportMethod: TransportMethod.DRIVEN,
    version: history.length,
    ...overrides,
    id: overrides.id ?? newId(),
    status: lastStep.status,
    createdBy,
    createdAt,
  };
  const steps = history.map((step, index) => ({
    id: newId(),
    organisationId: request.organisationId,
    fromStatus: index === 0 ? null : (history[index - 1]?.status ?? null),
    toStatus: step.status,
    actor: step.actor ?? "system",
    reason: step.reason ?? null,
    occurredAt: step.at ?? createdAt,
  }));
  const updatedAt = overrides.updatedAt ?? steps.at(-1)?.occurredAt ?? createdAt;

  let legOrigin = request.originSiteId;
  const legs = legInputs.map((leg, index) => {
    const isLast = index === legInputs.length - 1;
    const destinationSiteId = leg.destinationSiteId ?? (isLast ? request.destinationSiteId : undefined);
    if (!destinationSiteId)
      throw new Error(`Leg ${index + 1} of ${legInputs.length} needs a destinationSiteId`);
    const row = {
      id: newId(),
      organisationId: request.organisationId,
      originScheduledOn: request.readyToCollectFromDate,
      originScheduledTimeslot: request.readyToCollectFromTimeslot,
      destinationScheduledOn: request.deliveryByDate,
      destinationScheduledTimeslot: request.deliveryByTimeslot,
      createdAt,
      updatedAt,
      ...leg,
      legNumber: index + 1,
      originSiteId: leg.originSiteId ?? legOrigin,
      destinationSiteId,
    };
    legOrigin = destinationSiteId;
    return row;
  });

  return db.movementRequest.create({
    data: {
      ...request,
      updatedAt,
      movements: { create: legs },
      statusChanges: { create: steps },
    },
    include: {
      movements: { orderBy: { legNumber: "asc" } },
      statusChanges: { orderBy: [{ occurredAt: "asc" }, { id: "asc" }] },
    },
  });
}
