// Movement values that several areas put on the wire alike: the API (lib/movement-requests) and the
// webhook envelope (lib/events) name the same statuses, abort reasons and marketplace provider.
import { z } from "zod";
import {
  AbortReason,
  MovementStatus as LegStatus,
  type MovementRequestStatus,
} from "@/lib/generated/prisma/enums";
import { moneySchema } from "@/lib/schemas/common";

/** Every leg starts here; it is the one status never published (no event happens to an open leg). */
export const LEG_INITIAL_STATUS = "OPEN" as const satisfies LegStatus;

/** The statuses a webhook publishes for a movement (specification): a leg's own, less OPEN. */
export type WebhookMovementStatus = Exclude<LegStatus, typeof LEG_INITIAL_STATUS>;
export const WEBHOOK_MOVEMENT_STATUSES = Object.values(LegStatus).filter(
  (status): status is WebhookMovementStatus => status !== LEG_INITIAL_STATUS,
);

export const ABORT_REASONS = Object.values(AbortReason);

/** The marketplace carrier that won the request: in the request's provider, and on its legs' webhooks. */
export const marketplaceProviderSchema = z.object({
  type: z.literal("MARKETPLACE"),
  id: z.string().describe("The marketplace carrier"),
  name: z.string(),
  agreedPrice: moneySchema.describe("The price of the bid or claim that won the request (extension)"),
});
export type MarketplaceProvider = z.infer<typeof marketplaceProviderSchema>;

/** The statuses a request ends in: nothing happens to it after them. */
export const TERMINAL_STATUSES: readonly MovementRequestStatus[] = ["DELIVERED", "ABORTED", "CANCELLED"];
