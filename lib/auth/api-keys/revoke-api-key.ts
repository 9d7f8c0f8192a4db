// Revokes an API key of one of the organisation's profiles. authenticateApiKey refuses a revoked key on
// its very next request (401, like an unknown key): nothing caches keys. Revoking twice keeps the first
// revocation time.
import {
  getOrganisationProfileOrThrow,
  type OrganisationScope,
} from "@/lib/auth/api-keys/organisation-profiles";
import type { ApiKeyView } from "@/lib/auth/api-keys/schemas";
import { toApiKeyView } from "@/lib/auth/api-keys/to-api-key-view";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";

export async function revokeApiKey(
  scope: OrganisationScope,
  profileId: string,
  id: string,
  now: Date = new Date(),
): Promise<ApiKeyView> {
  await getOrganisationProfileOrThrow(scope, profileId);
  await db().apiKey.updateMany({ where: { id, profileId, revokedAt: null }, data: { revokedAt: now } });
  const apiKey = await db().apiKey.findFirst({ where: { id, profileId } });
  if (!apiKey) throw new AppError("NOT_FOUND", `No API key ${id} was found.`);
  return toApiKeyView(apiKey);
}
