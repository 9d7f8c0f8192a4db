// Loads a movement request of the caller's profile with everything its response needs. Another
// profile's request is "not found", exactly like one that does not exist.
import type { ApiCaller } from "@/lib/auth/api-caller";
import { AppError } from "@/lib/errors/app-error";
import type { Prisma } from "@/lib/generated/prisma/client";

export const movementRequestInclude = {
  organisation: { select: { trackingEnabled: true } },
  movements: { orderBy: { legNumber: "asc" }, include: { driver: true, provider: true } },
} satisfies Prisma.MovementRequestInclude;

export type MovementRequestWithLegs = Prisma.MovementRequestGetPayload<{
  include: typeof movementRequestInclude;
}>;

export type MovementRequestScope = Pick<ApiCaller, "organisationId"> & { profileId?: string };

export async function getMovementRequestOrThrow(
  tx: Prisma.TransactionClient,
  scope: MovementRequestScope,
  requestId: string,
  options: { forUpdate?: boolean } = {},
): Promise<MovementRequestWithLegs> {
  if (options.forUpdate) {
    // Serialises concurrent changes of one request (transitions, edits) for the rest of the transaction.
    await tx.$executeRaw`SELECT 1 FROM "MovementRequest" WHERE id = ${requestId} FOR UPDATE`;
  }
  const request = await tx.movementRequest.findFirst({
    where: { id: requestId, organisationId: scope.organisationId, profileId: scope.profileId },
    include: movementRequestInclude,
  });
  if (!request) {
    throw new AppError("VEHICLE_MOVEMENT_REQUEST_NOT_FOUND", `No movement request ${requestId} was found.`);
  }
  return request;
}
