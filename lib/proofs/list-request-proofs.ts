// GET /v1/operations/movement-requests/{requestId}/proofs: the request's proofs, with links that last
// an hour. Another profile's request is "not found", as everywhere in the API.
import "server-only";
import type { ApiCaller } from "@/lib/auth/api-caller";
import { db } from "@/lib/db";
import { getMovementRequestOrThrow } from "@/lib/movement-requests/get-movement-request-or-throw";
import type { ProofView } from "@/lib/proofs/proof-schema";
import { listProofViews } from "@/lib/proofs/proof-views";
import { API_LINK_TTL_SECONDS, expiryFrom } from "@/lib/proofs/signed-photo-url";

export async function listRequestProofs(
  caller: ApiCaller,
  requestId: string,
): Promise<{ proofs: ProofView[] }> {
  const request = await getMovementRequestOrThrow(db(), caller, requestId);
  const expiresAt = expiryFrom(new Date(), API_LINK_TTL_SECONDS);
  return { proofs: await listProofViews(request.organisationId, request.id, expiresAt) };
}
