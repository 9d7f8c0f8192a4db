// The carrier's final price (issue 17): recorded as the request's `cost`, kept in the price audit
// (MovementRequestPrice, every price ever recorded) and announced by an internal event. A second price
// replaces the first on the request; the audit keeps both. The currency must be the estimate's, so
// that the board's variance (final − estimate) compares like with like.
import { transaction } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { recordEvent } from "@/lib/events/record-event";
import { newId } from "@/lib/ids";
import type { ActorScope } from "@/lib/movement-requests/actor-scope";
import { getMovementRequestOrThrow } from "@/lib/movement-requests/get-movement-request-or-throw";
import type { FinalPriceBody } from "@/lib/movement-requests/operations/schemas";
import { money } from "@/lib/movement-requests/money";
import { toMovementRequestResponse } from "@/lib/movement-requests/to-movement-request-response";
import { acceptsFinalPrice } from "@/lib/movement-requests/transitions";

export const FINAL_PRICE_EVENT = "movement_request.priced";

export async function recordFinalPrice(scope: ActorScope, requestId: string, { cost }: FinalPriceBody) {
  const now = new Date();
  return transaction(async (tx) => {
    const request = await getMovementRequestOrThrow(tx, scope, requestId, { forUpdate: true });
    if (!acceptsFinalPrice(request.status)) {
      throw new AppError(
        "INVALID_STATUS_TRANSITION",
        `A movement request in status ${request.status} cannot be priced.`,
      );
    }
    const expectedCurrency = request.estimatedCostCurrency ?? request.costCurrency;
    if (expectedCurrency && cost.currencyCode !== expectedCurrency) {
      throw new AppError("VALIDATION_ERROR", "The price must be in the estimate's currency.", {
        errors: [{ path: "cost.currencyCode", message: `Expected ${expectedCurrency}` }],
      });
    }
    const { version } = await tx
      .with("audit", (kdb) =>
        kdb.insertInto("MovementRequestPrice").values({
          id: newId(),
          organisationId: request.organisationId,
          movementRequestId: request.id,
          centAmount: cost.centAmount,
          currencyCode: cost.currencyCode,
          actor: scope.actor,
          recordedAt: now,
        }),
      )
      .updateTable("MovementRequest")
      .set((eb) => ({
        costCents: cost.centAmount,
        costCurrency: cost.currencyCode,
        version: eb("version", "+", 1),
        updatedAt: now,
      }))
      .where("id", "=", request.id)
      .returning("version")
      .executeTakeFirstOrThrow();
    await recordEvent(tx, {
      organisationId: request.organisationId,
      profileId: request.profileId,
      type: FINAL_PRICE_EVENT,
      resourceType: "movement_request",
      resourceId: request.id,
      resourceVersion: version,
      occurredAt: now,
      payload: {
        actor: scope.actor,
        cost,
        previousCost: money(request.costCents, request.costCurrency) ?? null,
        estimatedCost: money(request.estimatedCostCents, request.estimatedCostCurrency) ?? null,
      },
    });
    return toMovementRequestResponse(await getMovementRequestOrThrow(tx, scope, requestId));
  });
}
