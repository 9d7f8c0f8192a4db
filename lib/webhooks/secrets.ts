// The signing secrets of an endpoint, encrypted at rest. A rotation adds a new secret and gives the old
// ones 24 hours to expire, so that a consumer can switch without missing a signature it can verify;
// until then every delivery carries one signature per active secret.
import type { Kdb } from "@/lib/db";
import { newId } from "@/lib/ids";
import { decryptSecret, encryptSecret, generateWebhookSecret } from "@/lib/security/secret-crypto";

/** How long a replaced secret keeps signing beside the new one. */
export const SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000;

/** Active secrets (expiresAt unset or still ahead), decrypted, newest first. */
export async function activeSecrets(tx: Kdb, endpointId: string, now: Date): Promise<string[]> {
  const secrets = await tx
    .selectFrom("WebhookSecret")
    .select("ciphertext")
    .where("endpointId", "=", endpointId)
    .where((eb) => eb.or([eb("expiresAt", "is", null), eb("expiresAt", ">", now)]))
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .execute();
  return secrets.map((secret) => decryptSecret(secret.ciphertext));
}

/** Makes a new secret for the endpoint, stores it encrypted, and returns it in clear (shown once). */
export async function addEndpointSecret(
  tx: Kdb,
  endpoint: { id: string; organisationId: string },
  now: Date,
): Promise<string> {
  const secret = generateWebhookSecret();
  await tx
    .insertInto("WebhookSecret")
    .values({
      id: newId(),
      organisationId: endpoint.organisationId,
      endpointId: endpoint.id,
      ciphertext: encryptSecret(secret),
      createdAt: now,
    })
    .execute();
  return secret;
}
