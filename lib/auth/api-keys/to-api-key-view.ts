import type { ApiKeyView } from "@/lib/auth/api-keys/schemas";
import { sql } from "@/lib/db";
import type { ApiKeyScope } from "@/lib/generated/prisma/enums";

/** What a view reads of a key; pg has no parser for an enum array, so the scopes come as text[]. */
export const API_KEY_VIEW_COLUMNS = [
  "id",
  "profileId",
  "name",
  "prefix",
  sql<ApiKeyScope[]>`"scopes"::text[]`.as("scopes"),
  "ownerEmail",
  "createdAt",
  "lastUsedAt",
  "revokedAt",
] as const;

type ApiKeyRow = {
  id: string;
  profileId: string;
  name: string;
  prefix: string;
  scopes: ApiKeyScope[];
  ownerEmail: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

/** A key as the UI shows it: never the key, never its hash. */
export function toApiKeyView(apiKey: ApiKeyRow): ApiKeyView {
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
