// X-Service-API-Key → the caller. Unknown and revoked keys are indistinguishable to the caller.
// A key found is trusted by this process for API_KEY_CACHE_SECONDS (default 5): every /v1 request
// needs it, and it changes only when revoked. So a revoked key is refused at most that long after the
// revocation, by every process. Keys not found are not cached: a new key works at once.
import { hashApiKey, hashesMatch } from "@/lib/auth/api-key-secret";
import type { ApiCaller } from "@/lib/auth/api-caller";
import { kysely, sql } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";
import type { ApiKeyScope } from "@/lib/generated/prisma/enums";

export const API_KEY_HEADER = "x-service-api-key";
/** lastUsedAt is written at most this often per key (on a cache miss), to keep reads free of writes. */
const LAST_USED_RESOLUTION_MS = 60_000;
const MAX_KEY_LENGTH = 200;
/** Beyond this many keys the cache starts again: a bound on memory, far above any real key count. */
const MAX_CACHED_KEYS = 10_000;

type CachedCaller = { caller: ApiCaller; expiresAtMs: number };

/** By the key's hash: the process keeps no plaintext key. */
const cache = new Map<string, CachedCaller>();

export async function authenticateApiKey(key: string | null): Promise<ApiCaller> {
  if (!key || key.length > MAX_KEY_LENGTH) throw unauthorized();
  const hash = hashApiKey(key);
  const now = Date.now();
  const cached = cache.get(hash);
  if (cached && cached.expiresAtMs > now) return cached.caller;
  cache.delete(hash);

  const caller = await lookUp(hash, now);
  const ttlMs = env().API_KEY_CACHE_SECONDS * 1000;
  if (ttlMs > 0) {
    if (cache.size >= MAX_CACHED_KEYS) cache.clear();
    cache.set(hash, { caller, expiresAtMs: now + ttlMs });
  }
  return caller;
}

async function lookUp(hash: string, now: number): Promise<ApiCaller> {
  // One query for the key and its profile's organisation.
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

  if (!apiKey.lastUsedAt || now - apiKey.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await kysely()
      .updateTable("ApiKey")
      .set({ lastUsedAt: new Date(now) })
      .where("id", "=", apiKey.id)
      .execute();
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
