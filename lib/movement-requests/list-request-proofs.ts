// GET /v1/operations/movement-requests/{requestId}/proofs: the request's proofs, with links that last
// an hour (the board's, a quarter of an hour). Another profile's or organisation's request is "not
// found", as everywhere.
import "server-only";
import { kysely } from "@/lib/db";
import {
  getMovementRequestOrThrow,
  type MovementRequestScope,
} from "@/lib/movement-requests/get-movement-request-or-throw";
import type { ProofView } from "@/lib/proofs/proof-schema";
import { listProofViews } from "@/lib/proofs/proof-views";
import { API_LINK_TTL_SECONDS, expiryFrom } from "@/lib/proofs/signed-photo-url";

export async function listRequestProofs(
  scope: MovementRequestScope,
  requestId: string,
  ttlSeconds = API_LINK_TTL_SECONDS,
): Promise<{ proofs: ProofView[] }> {
  const request = await getMovementRequestOrThrow(kysely(), scope, requestId);
  const expiresAt = expiryFrom(new Date(), ttlSeconds);
  return { proofs: await listProofViews(request.organisationId, request.id, expiresAt) };
}
