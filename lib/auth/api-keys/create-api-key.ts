// An admin creates an API key for one of the organisation's profiles. Only the SHA-256 hash and a display
// prefix are stored; the key itself is returned here, once, and can never be shown again (a lost key is
// revoked and replaced). The admin's e-mail becomes the key's owner (the "API key identity").
import { apiKeyDisplayPrefix, generateApiKey, hashApiKey } from "@/lib/auth/api-key-secret";
import {
  getOrganisationProfileOrThrow,
  type OrganisationScope,
} from "@/lib/auth/api-keys/organisation-profiles";
import type { CreateApiKeyBody, CreatedApiKey } from "@/lib/auth/api-keys/schemas";
import { API_KEY_VIEW_COLUMNS, toApiKeyView } from "@/lib/auth/api-keys/to-api-key-view";
import { kysely } from "@/lib/db";
import { newId } from "@/lib/ids";

export type StaffIdentity = OrganisationScope & { email: string };

export async function createApiKey(
  staff: StaffIdentity,
  profileId: string,
  body: CreateApiKeyBody,
): Promise<CreatedApiKey> {
  const profile = await getOrganisationProfileOrThrow(staff, profileId);
  const key = generateApiKey();
  const apiKey = await kysely()
    .insertInto("ApiKey")
    .values({
      id: newId(),
      organisationId: staff.organisationId,
      profileId: profile.id,
      name: body.name,
      prefix: apiKeyDisplayPrefix(key),
      hash: hashApiKey(key),
      scopes: body.scopes,
      ownerEmail: staff.email,
    })
    .returning(API_KEY_VIEW_COLUMNS)
    .executeTakeFirstOrThrow();
  return { apiKey: toApiKeyView(apiKey), key };
}
