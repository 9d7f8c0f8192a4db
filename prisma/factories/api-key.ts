import { apiKeyDisplayPrefix, generateApiKey, hashApiKey } from "@/lib/auth/api-key-secret";
import { newId } from "@/lib/ids";
import { ApiKeyScope, type ApiKey } from "@/lib/generated/prisma/client";
import { nextSequence, type FactoryDb } from "./db";

export type ApiKeyInput = {
  profileId: string;
  scopes?: ApiKeyScope[];
  /** A fixed plaintext key (the demo keys); a random one otherwise. */
  key?: string;
  name?: string;
  ownerEmail?: string;
  revokedAt?: Date | null;
};

/** The plaintext key is returned here only; the row keeps its hash and display prefix. */
export async function createApiKey(
  db: FactoryDb,
  input: ApiKeyInput,
): Promise<{ record: ApiKey; key: string }> {
  const key = input.key ?? generateApiKey();
  const n = nextSequence();
  const { organisationId } = await db.profile.findUniqueOrThrow({ where: { id: input.profileId } });
  const record = await db.apiKey.create({
    data: {
      id: newId(),
      organisationId,
      profileId: input.profileId,
      name: input.name ?? `API key ${n}`,
      prefix: apiKeyDisplayPrefix(key),
      hash: hashApiKey(key),
      scopes: input.scopes ?? [ApiKeyScope.integration],
      ownerEmail: input.ownerEmail ?? `integration${n}@example.test`,
      revokedAt: input.revokedAt ?? null,
    },
  });
  return { record, key };
}
