// Random planning pools from a seed (the property tests and bench/planning.ts): sites across England,
// drivers with their own hours, days off and licences, 3PLs with rate cards, and requests with every
// kind of timeslot the specification allows.
import { fromDateOnly, toDateOnly } from "@/lib/dates";
import { seededRandom } from "@/lib/planning/seeded-random";
import type {
  Place,
  PlanningDriver,
  PlanningInput,
  PlanningProvider,
  PlanningRequest,
  Timeslot,
  TransportMethod,
  WorkingHours,
} from "@/lib/planning/model";

export type PoolSize = {
  seed: number;
  requests: number;
  drivers: number;
  providers: number;
  sites: number;
  days: number;
};

const DAY_MS = 86_400_000;
const FIRST_DAY = "2026-12-07"; // a Monday
const PROFILES = ["profile-a", "profile-b"];
const SLOTS: Timeslot[] = ["ANYTIME", "AM", "PM"];

export function randomPool(size: PoolSize): PlanningInput {
  const random = seededRandom(size.seed);
  const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const dayAfter = (days: number) => toDateOnly(new Date(fromDateOnly(FIRST_DAY).getTime() + days * DAY_MS));
  const clock = (minutes: number) =>
    `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

  const sites = Array.from({ length: size.sites }, (_, index): Place => ({
    siteId: `site-${index}`,
    latitude: 50.8 + random() * 3.2,
    longitude: -3 + random() * 3.2,
    timeZone: "Europe/London",
  }));
  const drivers = Array.from({ length: size.drivers }, (_, index): PlanningDriver => {
    const start = between(6 * 60, 9 * 60);
    const interval = { start: clock(start), end: clock(Math.min(start + between(8, 11) * 60, 23 * 60)) };
    const workingHours: WorkingHours = { mon: interval, tue: interval, wed: interval, thu: interval };
    if (random() < 0.8) workingHours.fri = interval;
    if (random() < 0.3) workingHours.sat = { start: "08:00", end: "13:00" };
    return {
      id: `driver-${index}`,
      home: pick(sites),
      workingHours,
      daysOff: random() < 0.3 ? [dayAfter(between(0, size.days - 1))] : [],
      transportMethods: random() < 0.3 ? ["DRIVEN", "TRANSPORTED"] : ["DRIVEN"],
      costPerHourCents: random() < 0.2 ? null : between(1500, 2600),
    };
  });
  const providers = Array.from({ length: size.providers }, (_, index): PlanningProvider => {
    const methods: TransportMethod[] =
      random() < 0.5 ? ["DRIVEN", "TRANSPORTED"] : [pick(["DRIVEN", "TRANSPORTED"] as const)];
    return {
      id: `provider-${index}`,
      transportMethods: methods,
      profileIds: random() < 0.7 ? PROFILES : [pick(PROFILES)],
      rateCards: methods.map((transportMethod) => ({
        transportMethod,
        baseCostCents: between(4000, 15000),
        perKmCostCents: between(60, 220),
        currencyCode: random() < 0.9 ? "GBP" : "EUR",
      })),
    };
  });
  const requests = Array.from({ length: size.requests }, (_, index): PlanningRequest => {
    const origin = pick(sites);
    let destination = pick(sites);
    if (destination.siteId === origin.siteId)
      destination = sites[(sites.indexOf(origin) + 1) % sites.length]!;
    const ready = between(0, size.days - 1);
    const deliveryByTime =
      random() < 0.2 ? clock(between(9 * 60, 18 * 60) + (random() < 0.5 ? 0 : 30)) : null;
    return {
      id: `request-${index}`,
      profileId: pick(PROFILES),
      transportMethod: random() < 0.8 ? "DRIVEN" : "TRANSPORTED",
      origin,
      destination,
      readyToCollectFromDate: dayAfter(ready),
      readyToCollectFromTimeslot: pick(SLOTS),
      deliveryByDate: dayAfter(ready + between(0, 3)),
      // Rule 1 (a time gives its slot) most of the time; rule 3 (an explicit slot wins) sometimes.
      deliveryByTimeslot:
        deliveryByTime && random() < 0.8 ? (deliveryByTime < "12:00" ? "AM" : "PM") : pick(SLOTS),
      deliveryByTime,
      deliverOnSpecifiedDate: random() < 0.15,
    };
  });
  return {
    from: FIRST_DAY,
    to: dayAfter(size.days - 1),
    requests,
    drivers,
    providers,
    settings: {
      currencyCode: "GBP",
      latenessPenaltyPerHourCents: between(500, 5000),
      defaultDriverCostPerHourCents: 2000,
      repositioning:
        random() < 0.5
          ? { mode: "PUBLIC_TRANSPORT", factor: 1 + random() }
          : { mode: "CHASE_CAR", costPerKmCents: between(20, 60) },
    },
    laneDurations: new Map(),
  };
}
