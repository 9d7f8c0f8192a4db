// Revokes an API key of one of the organisation's profiles. authenticateApiKey refuses a revoked key (401,
// like an unknown key) within API_KEY_CACHE_SECONDS, how long a process keeps a key it has checked.
// Revoking twice keeps the first revocation time.
import {
  getOrganisationProfileOrThrow,
  type OrganisationScope,
} from "@/lib/auth/api-keys/organisation-profiles";
import type { ApiKeyView } from "@/lib/auth/api-keys/schemas";
import { API_KEY_VIEW_COLUMNS, toApiKeyView } from "@/lib/auth/api-keys/to-api-key-view";
import { kysely } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";

export async function revokeApiKey(
  scope: OrganisationScope,
  profileId: string,
  id: string,
  now: Date = new Date(),
): Promise<ApiKeyView> {
  await getOrganisationProfileOrThrow(scope, profileId);
  await kysely()
    .updateTable("ApiKey")
    .set({ revokedAt: now })
    .where("id", "=", id)
    .where("profileId", "=", profileId)
    .where("revokedAt", "is", null)
    .execute();
  const apiKey = await kysely()
    .selectFrom("ApiKey")
    .select(API_KEY_VIEW_COLUMNS)
    .where("id", "=", id)
    .where("profileId", "=", profileId)
    .executeTakeFirst();
  if (!apiKey) throw new AppError("NOT_FOUND", `No API key ${id} was found.`);
  return toApiKeyView(apiKey);
}
