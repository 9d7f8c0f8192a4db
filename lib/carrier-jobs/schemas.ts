// Carriers' job links (docs/carrier-journey.md): the one action body the job page and its offline
// queue send, and what the page and the dispatcher's panel show.
import { z } from "zod";
import type { MovementRequestStatus, Timeslot } from "@/lib/generated/prisma/enums";
import { abortedBody } from "@/lib/movement-requests/operations/schemas";
import { IDEMPOTENCY_KEY_MAX_LENGTH } from "@/lib/http/idempotency";
import { positionsBody } from "@/lib/positions/schemas";
import type { DeliveryDeadline } from "@/lib/movement-requests/tracking-times";
import type { RequirablePhotoSlot } from "@/lib/proofs/photo-slots";

/** Made on the phone when the action is taken (a UUID), and sent again unchanged by every retry. */
const idempotencyKey = z.string().min(8).max(IDEMPOTENCY_KEY_MAX_LENGTH);

export const JOB_ACTIONS = ["accept", "decline", "collected", "delivered", "aborted"] as const;
export type JobAction = (typeof JOB_ACTIONS)[number];

export const jobActionBody = z.discriminatedUnion("action", [
  z.strictObject({ action: z.literal("accept"), idempotencyKey }),
  z.strictObject({ action: z.literal("decline"), idempotencyKey }),
  z.strictObject({ action: z.literal("collected"), idempotencyKey }),
  z.strictObject({ action: z.literal("delivered"), idempotencyKey }),
  abortedBody.extend({ action: z.literal("aborted"), idempotencyKey }),
]);
export type JobActionBody = z.infer<typeof jobActionBody>;

/** A batch of the phone's positions while its leg is on the road, with the key the phone made for it. */
export const jobPositionsBody = positionsBody.extend({ idempotencyKey });
export type JobPositionsBody = z.infer<typeof jobPositionsBody>;

/** What an action answers (and a replay answers again): the request's status after it. */
export type JobActionOutcome = { action: JobAction; status: MovementRequestStatus };

export type JobSite = {
  name: string;
  address: string;
  timeZone: string;
  /** Where the directions link points (the site's pin; the address alone can be ambiguous). */
  latitude: number | null;
  longitude: number | null;
  /** The site's desk, E.164, when it has one. */
  phone: string | null;
};

/** The job page: what a carrier needs, and only for their own legs. */
export type JobView = {
  /** active: actions may be offered; taken: another driver accepted first; declined: by this carrier. */
  state: "active" | "taken" | "declined";
  organisation: string;
  carrierName: string;
  status: MovementRequestStatus;
  vehicle: { description: string; vrm: string | null; vin: string | null };
  origin: JobSite;
  destination: JobSite;
  ready: { date: string; timeslot: Timeslot };
  deadline: DeliveryDeadline;
  notes: string | null;
  contacts: { label: string; email: string | null; phone: string | null }[];
  /** The legs this carrier holds (every leg while an offer is open). */
  legs: { legNumber: number; status: string; from: string; to: string }[];
  actions: JobAction[];
  /** One of this carrier's legs is on the road (collected, not delivered): the page may share its position. */
  onTheRoad: boolean;
  /** The photos the organisation requires in a proof of collection or delivery (lib/proofs). */
  proofPhotoSlots: RequirablePhotoSlot[];
};

export type JobLinkState = "active" | "taken" | "declined" | "revoked" | "superseded" | "expired";

export type JobLinkSummary = {
  id: string;
  carrier: string;
  createdAt: string;
  state: JobLinkState;
};

export const jobLinkCarrierInput = z.union([
  z.strictObject({ driverId: z.string().min(1).max(64) }),
  z.strictObject({ thirdPartyLogisticsProviderId: z.string().min(1).max(64) }),
]);
