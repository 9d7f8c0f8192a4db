import type { ApiKey } from "@/lib/generated/prisma/client";
import type { ApiKeyView } from "@/lib/auth/api-keys/schemas";

/** A key as the UI shows it: never the key, never its hash. */
export function toApiKeyView(apiKey: ApiKey): ApiKeyView {
  return {
    id: apiKey.id,
    profileId: apiKey.profileId,
    name: apiKey.name,
    prefix: apiKey.prefix,
    scopes: apiKey.scopes,
    ownerEmail: apiKey.ownerEmail,
    createdAt: apiKey.createdAt.toISOString(),
    lastUsedAt: apiKey.lastUsedAt?.toISOString() ?? null,
    revokedAt: apiKey.revokedAt?.toISOString() ?? null,
  };
}
