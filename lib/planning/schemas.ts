// Shapes of the planning pool's plans (issue 39, extensions): the request bodies, the plan as returned,
// and the drivers' planning fields. One schema each for the route handlers and the OpenAPI document.
import { z } from "zod";
import { calendarDateSchema, identifierSchema } from "@/lib/schemas/common";
import { PoolPlanStatus } from "@/lib/generated/prisma/enums";
import { UNPLANNED_REASONS, type UnplannedReason } from "@/lib/planning/model";

/** Days a plan may cover: a week or two of the pool, not a season. */
export const MAX_PLAN_DAYS = 14;
export const MAX_PLAN_REQUESTS = 5_000;

const requestIdsSchema = z
  .array(identifierSchema)
  .min(1)
  .max(MAX_PLAN_REQUESTS)
  .refine((ids) => new Set(ids).size === ids.length, "The request ids must be distinct");

export const createPoolPlanBody = z
  .strictObject({
    from: calendarDateSchema.describe("First day planned (drivers' shifts from this day)"),
    to: calendarDateSchema.describe("Last day planned, inclusive"),
    requestIds: requestIdsSchema
      .optional()
      .describe("Only these pool requests; default: every pool request ready by `to`"),
  })
  .superRefine((body, ctx) => {
    const days = (Date.parse(body.to) - Date.parse(body.from)) / 86_400_000 + 1;
    if (days < 1) ctx.addIssue({ code: "custom", path: ["to"], message: "Must be on or after from" });
    if (days > MAX_PLAN_DAYS) {
      ctx.addIssue({ code: "custom", path: ["to"], message: `At most ${MAX_PLAN_DAYS} days from from` });
    }
  });
export type CreatePoolPlanBody = z.infer<typeof createPoolPlanBody>;

export const acceptPoolPlanBody = z
  .strictObject({
    requestIds: requestIdsSchema.optional().describe("Only these requests of the plan; default: all"),
  })
  .optional();
export type AcceptPoolPlanBody = z.infer<typeof acceptPoolPlanBody>;

/** The board's review: move a request of a proposed plan to a driver or to its 3PL. */
export const movePlanRequestInput = z.strictObject({
  requestId: identifierSchema,
  to: z.union([
    z.strictObject({ driverId: identifierSchema }),
    z.strictObject({ thirdParty: z.literal(true) }),
  ]),
});
/** The board's review: keep (or free) a request's carrier when re-planning the rest. */
export const lockPlanRequestInput = z.strictObject({ requestId: identifierSchema, locked: z.boolean() });

export const poolPlanParams = z.strictObject({ id: z.string().describe("ULID of the plan") });

const lateMinutes = z.int().min(0).describe("Minutes after the deadline (0: on time)");

export const poolPlanSchema = z.object({
  id: z.string(),
  status: z.enum(PoolPlanStatus),
  from: z.string(),
  to: z.string(),
  createdAt: z.string(),
  drivers: z
    .array(
      z.object({
        driverId: z.string(),
        moves: z.array(
          z.object({
            requestId: z.string(),
            collectAt: z.string().describe("ISO 8601 instant"),
            deliverAt: z.string().describe("ISO 8601 instant"),
            lateMinutes,
          }),
        ),
      }),
    )
    .describe("Each own driver's chain of moves, day by day, in order"),
  thirdParty: z.array(
    z.object({
      requestId: z.string(),
      providerId: z.string(),
      priceCents: z.int().describe("The 3PL's rate-card price, as sending it would record"),
      currency: z.string(),
      lateMinutes,
    }),
  ),
  unplanned: z.array(
    z.object({
      requestId: z.string(),
      reason: z.enum(Object.keys(UNPLANNED_REASONS) as [UnplannedReason, ...UnplannedReason[]]),
      detail: z.string(),
    }),
  ),
  totals: z.object({
    costCents: z.int().describe("Driver hours, chase cars and 3PL prices"),
    currency: z.string(),
    latenessPenaltyCents: z.int().describe("The organisation's penalty per hour late, summed"),
    emptyKm: z.number().describe("Drivers' kilometres without a vehicle (repositioning, going home)"),
    lateRequests: z.int(),
  }),
  acceptedRequestIds: z.array(z.string()).describe("The requests assigned through this plan so far"),
});
export type PoolPlanResponse = z.infer<typeof poolPlanSchema>;
