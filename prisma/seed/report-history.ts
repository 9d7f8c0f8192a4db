// Twelve weeks of Northgate history for /reports (issue 17): delivered requests every week over its
// busiest lanes, by own drivers and 3PLs, some after their deadline and some priced over or under the
// estimate; and finished prep jobs at the three prep sites that went through every stage (the trigger
// on PrepJob writes their stays). All of it finished at least two weeks ago, so the board's first
// page and the kanban (finished jobs shown for 7 days) look as they did. Deterministic: no random().
import {
  BusinessArea,
  MovementRequestStatus,
  PrepJobStage,
  PrepJobSubstage,
  Timeslot,
  TransportMethod,
} from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import { addHours, type FactoryDb } from "@/prisma/factories";
import { withVinCheckDigit } from "@/prisma/factories/vehicle";
import { CARCARRIER, PENNINE, SWIFTMOVE } from "./carriers";
import { lookup, type DemoOrganisation, type DemoWorld } from "./context";
import type { DemoRequest } from "./requests";

const { CREATED, PLANNED, SENT_TO_3PL, ACCEPTED_SENT_TO_3PL, IN_PROGRESS, DELIVERED } = MovementRequestStatus;
const WEEKS = 12;
const LANES: [string, string][] = [
  ["MAN1", "LDS1"],
  ["BRS1", "BHM1"],
  ["LDS1", "SHF1"],
  ["MAN1", "WRT1"],
  ["WKF1", "LDS1"],
  ["COV1", "BHM1"],
];
const DRIVERS = ["tom", "priya", "dan", "sarah", "marcus"];
const PROVIDERS = [SWIFTMOVE, CARCARRIER, PENNINE];
/** Final price against the estimate, in percent, cycled per 3PL delivery: mostly near, a few far over. */
const VARIANCE = [4, -3, 0, 12, 6, -8, 2, 25, -1, 9];
const MAKES: [string, string, string][] = [
  ["Volkswagen", "Polo", "1.0 TSI Life"],
  ["Ford", "Fiesta", "1.0 EcoBoost Titanium"],
  ["Toyota", "Corolla", "1.8 Hybrid Icon"],
  ["Kia", "Ceed", "1.5 T-GDi GT-Line"],
];
const LETTERS = "ABCDEFGHJKLMNPRSTUVWXYZ";

function historyVehicle(n: number) {
  const [make, model, modelVariant] = MAKES[n % MAKES.length]!;
  const serial = String(100_000 + n);
  return {
    make,
    model,
    modelVariant,
    vin: withVinCheckDigit(`SHR${String(n % 10)}ZZZ00R${serial.slice(-6)}`.padEnd(17, "0").slice(0, 17)),
    vrm: `RH${String(20 + (n % 5))} ${LETTERS[n % 23]}${LETTERS[(n * 7) % 23]}${LETTERS[(n * 11) % 23]}`,
  };
}

/** Three deliveries a week, the newest finished 15 days ago. */
export function reportHistoryRequests(): DemoRequest[] {
  const requests: DemoRequest[] = [];
  for (let week = 0; week < WEEKS; week++) {
    for (let slot = 0; slot < 3; slot++) {
      const n = week * 3 + slot;
      const [from, to] = LANES[n % LANES.length]!;
      const byProvider = n % 3 === 0;
      const deliverBy = -(15 + week * 7 + slot * 2);
      requests.push({
        vehicle: historyVehicle(n),
        from,
        to,
        // Driven: every 3PL of the demo has a DRIVEN rate card (its quote), not all a TRANSPORTED one.
        method: TransportMethod.DRIVEN,
        area: n % 4 === 0 ? BusinessArea.Fleet : BusinessArea.Retail,
        createdHoursAgo: -deliverBy * 24 + 48,
        collect: deliverBy - 1,
        deliverBy,
        // Delivered at 15:00 on the day: an AM slot (due by 12:00) makes it late, one in five.
        deliverSlot: n % 5 === 1 ? Timeslot.AM : Timeslot.ANYTIME,
        path: byProvider
          ? [SENT_TO_3PL, ACCEPTED_SENT_TO_3PL, IN_PROGRESS, DELIVERED]
          : [CREATED, PLANNED, IN_PROGRESS, DELIVERED],
        carrier: byProvider
          ? { provider: PROVIDERS[week % PROVIDERS.length]! }
          : { driver: DRIVERS[n % DRIVERS.length]! },
        externalId: `NGM-HIST-${String(n + 1).padStart(3, "0")}`,
        // The 3PL's invoice against its quote; an own driver's movement costs the estimate.
        ...(byProvider ? { finalCostPercent: VARIANCE[n % VARIANCE.length]! } : {}),
      });
    }
  }
  return requests;
}

/** Minutes each history delivery was off the arrival window it had at collection, cycled: mostly inside. */
const MINUTES_OFF = [0, 0, 12, 0, 35, 0, 5, 70, 0, 20, 0, 8];

/**
 * How the history's arrival windows turned out (issue 35, the ETA accuracy report): what the ETA pass
 * records at each delivery, written here as the history was delivered before the pass existed.
 */
export async function createReportHistoryEtaOutcomes(db: FactoryDb, org: DemoOrganisation): Promise<void> {
  const delivered = await db.movementRequest.findMany({
    where: {
      organisationId: org.organisation.id,
      externalId: { startsWith: "NGM-HIST-" },
      status: DELIVERED,
    },
    include: { movements: { orderBy: { legNumber: "desc" }, take: 1 } },
    orderBy: { externalId: "asc" },
  });
  await db.etaOutcome.createMany({
    data: delivered.map((request, n) => ({
      movementRequestId: request.id,
      organisationId: request.organisationId,
      deliveredAt: request.completedOn ?? request.updatedAt,
      businessArea: request.businessArea,
      originSiteId: request.originSiteId,
      destinationSiteId: request.destinationSiteId,
      providerId: request.movements[0]?.thirdPartyLogisticsProviderId ?? null,
      driverId: request.movements[0]?.driverId ?? null,
      basis: "HISTORY",
      minutesOff: MINUTES_OFF[n % MINUTES_OFF.length]!,
    })),
  });
}

const PREP_SITES = ["WRT1", "WKF1", "COV1"];
/** Hours in INBOUND, ARRIVED, APPRAISED per site: Coventry is the quick one, Wakefield the slow one. */
const STAGE_HOURS: Record<string, [number, number, number]> = {
  WRT1: [30, 20, 40],
  WKF1: [44, 36, 70],
  COV1: [24, 12, 30],
};

/** Two finished prep jobs a week per prep site, through every stage, the newest leaving 14 days ago. */
export async function createReportHistoryPrepJobs(
  db: FactoryDb,
  world: DemoWorld,
  org: DemoOrganisation,
): Promise<void> {
  for (let week = 0; week < WEEKS; week++) {
    for (const [siteIndex, code] of PREP_SITES.entries()) {
      for (let pair = 0; pair < 2; pair++) {
        const n = week * 6 + siteIndex * 2 + pair;
        const site = lookup(org.sites, code, "site");
        const [inbound, arrived, appraised] = STAGE_HOURS[code]!.map(
          (hours) => hours * (1 + ((n * 37) % 60) / 100),
        );
        const outboundAt = addHours(world.now, -(14 * 24 + week * 7 * 24 + pair * 60 + siteIndex * 5));
        const appraisedAt = addHours(outboundAt, -appraised!);
        const arrivedAt = addHours(appraisedAt, -arrived!);
        const createdAt = addHours(arrivedAt, -inbound!);
        const vehicle = historyVehicle(500 + n);
        const job = await db.prepJob.create({
          data: {
            id: newId(),
            organisationId: org.organisation.id,
            profileId: org.profile.id,
            vin: vehicle.vin,
            vrm: vehicle.vrm,
            make: vehicle.make,
            model: vehicle.model,
            prepSiteId: site.id,
            businessArea: n % 5 === 0 ? BusinessArea.Fleet : BusinessArea.Retail,
            source: "CREATED_MANUALLY",
            stage: PrepJobStage.INBOUND,
            substage: PrepJobSubstage.DELIVERED,
            createdByUser: org.dispatcherEmail,
            stageChangedAt: createdAt,
            createdAt,
            updatedAt: createdAt,
          },
        });
        const steps: [PrepJobStage, PrepJobSubstage | null, Date][] = [
          [PrepJobStage.ARRIVED, null, arrivedAt],
          [PrepJobStage.APPRAISED, null, appraisedAt],
          [PrepJobStage.OUTBOUND, PrepJobSubstage.DELIVERED, outboundAt],
        ];
        for (const [index, [stage, substage, at]] of steps.entries()) {
          await db.prepJob.update({
            where: { id: job.id },
            data: {
              stage,
              substage,
              stageChangedAt: at,
              updatedAt: at,
              version: index + 2,
              // Left for sale when it reached OUTBOUND/DELIVERED (the trigger would take the update's time).
              finishedAt: substage === PrepJobSubstage.DELIVERED ? at : null,
            },
          });
        }
      }
    }
  }
}
