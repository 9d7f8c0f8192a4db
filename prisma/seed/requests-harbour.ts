// Harbour Fleet's movement requests (tracking is disabled there: no tracking tokens).
import { BusinessArea, MovementRequestStatus, TransportMethod } from "@/lib/generated/prisma/client";
import { CARCARRIER, SWIFTMOVE } from "./carriers";
import type { DemoRequest } from "./requests";
import { vehicle } from "./vehicles";

const { CREATED, SENT_TO_3PL, ACCEPTED_SENT_TO_3PL, PLANNED, IN_PROGRESS, DELIVERED, CANCELLED } =
  MovementRequestStatus;
const { DRIVEN, TRANSPORTED } = TransportMethod;
const { Fleet } = BusinessArea;

export function harbourRequests(): DemoRequest[] {
  return [
    {
      vehicle: vehicle("transit"),
      from: "POO1",
      to: "SOU1",
      method: DRIVEN,
      area: Fleet,
      createdHoursAgo: 3,
      collect: 0,
      deliverBy: 1,
      path: [CREATED],
      externalId: "HF-2291",
    },
    {
      vehicle: vehicle("vivaro"),
      from: "SOU1",
      to: "POO1",
      method: TRANSPORTED,
      area: Fleet,
      createdHoursAgo: 28,
      collect: 1,
      deliverBy: 3,
      path: [SENT_TO_3PL],
      carrier: { provider: SWIFTMOVE },
    },
    {
      vehicle: vehicle("sprinter"),
      from: "POO1",
      to: "SOU1",
      method: DRIVEN,
      area: Fleet,
      createdHoursAgo: 60,
      collect: 1,
      deliverBy: 2,
      path: [SENT_TO_3PL, ACCEPTED_SENT_TO_3PL],
      carrier: { provider: CARCARRIER },
    },
    {
      vehicle: vehicle("ranger"),
      from: "SOU1",
      to: "POO1",
      method: DRIVEN,
      area: Fleet,
      createdHoursAgo: 30,
      collect: 2,
      deliverBy: 2,
      path: [CREATED, PLANNED],
      carrier: { driver: "ellie" },
      createdVia: "ui",
    },
    {
      vehicle: vehicle("caddy"),
      from: "POO1",
      to: "SOU1",
      method: DRIVEN,
      area: Fleet,
      createdHoursAgo: 7 * 24,
      collect: -5,
      deliverBy: -5,
      path: [CREATED, PLANNED, IN_PROGRESS, DELIVERED],
      carrier: { driver: "jamal" },
    },
    {
      vehicle: vehicle("proace"),
      from: "SOU1",
      to: "POO1",
      method: DRIVEN,
      area: Fleet,
      createdHoursAgo: 4 * 24,
      collect: -1,
      deliverBy: 1,
      path: [CREATED, CANCELLED],
      createdVia: "ui",
      cancelReason: "Duplicate request.",
    },
  ];
}
