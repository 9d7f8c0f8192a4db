// X-Service-API-Key → the caller. Unknown and revoked keys are indistinguishable to the caller.
import { hashApiKey, hashesMatch } from "@/lib/auth/api-key-secret";
import type { ApiCaller } from "@/lib/auth/api-caller";
import { kysely, sql } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import type { ApiKeyScope } from "@/lib/generated/prisma/enums";

export const API_KEY_HEADER = "x-service-api-key";
/** lastUsedAt is written at most this often per key, to keep reads free of writes. */
const LAST_USED_RESOLUTION_MS = 60_000;
const MAX_KEY_LENGTH = 200;

export async function authenticateApiKey(key: string | null): Promise<ApiCaller> {
  if (!key || key.length > MAX_KEY_LENGTH) throw unauthorized();
  const hash = hashApiKey(key);
  // One query for the key and its profile's organisation: every /v1 request runs it.
  const apiKey = await kysely()
    .selectFrom("ApiKey as k")
    .innerJoin("Profile as p", "p.id", "k.profileId")
    .select([
      "k.id",
      "k.profileId",
      "p.organisationId",
      "k.prefix",
      "k.hash",
      // pg knows no parser for an enum array; as text[] it arrives as an array.
      sql<ApiKeyScope[]>`k."scopes"::text[]`.as("scopes"),
      "k.ownerEmail",
      "k.lastUsedAt",
      "k.revokedAt",
    ])
    .where("k.hash", "=", hash)
    .executeTakeFirst();
  if (!apiKey || apiKey.revokedAt || !hashesMatch(apiKey.hash, hash)) throw unauthorized();

  const now = new Date();
  if (!apiKey.lastUsedAt || now.getTime() - apiKey.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await kysely().updateTable("ApiKey").set({ lastUsedAt: now }).where("id", "=", apiKey.id).execute();
  }
  return {
    apiKeyId: apiKey.id,
    profileId: apiKey.profileId,
    organisationId: apiKey.organisationId,
    scopes: apiKey.scopes,
    email: apiKey.ownerEmail,
    actor: `api-key:${apiKey.prefix}`,
  };
}

function unauthorized(): AppError {
  return new AppError("UNAUTHORIZED", `A valid API key is required in the X-Service-API-Key header.`);
}
