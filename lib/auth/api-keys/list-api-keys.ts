// The API keys of one of the organisation's profiles: active keys first (newest first), then revoked
// ones (most recently revoked first), so that what still works is on top.
import {
  getOrganisationProfileOrThrow,
  type OrganisationScope,
} from "@/lib/auth/api-keys/organisation-profiles";
import type { ApiKeyView } from "@/lib/auth/api-keys/schemas";
import { toApiKeyView } from "@/lib/auth/api-keys/to-api-key-view";
import { db } from "@/lib/db";

export async function listApiKeys(scope: OrganisationScope, profileId: string): Promise<ApiKeyView[]> {
  await getOrganisationProfileOrThrow(scope, profileId);
  const keys = await db().apiKey.findMany({
    where: { profileId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  const active = keys.filter((key) => !key.revokedAt);
  const revoked = keys
    .filter((key) => key.revokedAt)
    .sort((a, b) => b.revokedAt!.getTime() - a.revokedAt!.getTime());
  return [...active, ...revoked].map(toApiKeyView);
}
