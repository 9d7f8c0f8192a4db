import type { ApiCaller } from "@/lib/auth/api-caller";
import { readKysely } from "@/lib/read-replicas/read-kysely";
import { getMovementRequestOrThrow } from "@/lib/movement-requests/get-movement-request-or-throw";
import { toMovementRequestResponse } from "@/lib/movement-requests/to-movement-request-response";

export async function getMovementRequest(
  caller: Pick<ApiCaller, "organisationId" | "profileId">,
  requestId: string,
) {
  return toMovementRequestResponse(await getMovementRequestOrThrow(await readKysely(), caller, requestId));
}
