// The API keys of one of the organisation's profiles: active keys first (newest first), then revoked
// ones (most recently revoked first), so that what still works is on top.
import {
  getOrganisationProfileOrThrow,
  type OrganisationScope,
} from "@/lib/auth/api-keys/organisation-profiles";
import type { ApiKeyView } from "@/lib/auth/api-keys/schemas";
import { API_KEY_VIEW_COLUMNS, toApiKeyView } from "@/lib/auth/api-keys/to-api-key-view";
import { kysely } from "@/lib/db";

export async function listApiKeys(scope: OrganisationScope, profileId: string): Promise<ApiKeyView[]> {
  await getOrganisationProfileOrThrow(scope, profileId);
  const keys = await kysely()
    .selectFrom("ApiKey")
    .select(API_KEY_VIEW_COLUMNS)
    .where("profileId", "=", profileId)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .execute();
  const active = keys.filter((key) => !key.revokedAt);
  const revoked = keys
    .filter((key) => key.revokedAt)
    .sort((a, b) => b.revokedAt!.getTime() - a.revokedAt!.getTime());
  return [...active, ...revoked].map(toApiKeyView);
}
