// After an ENCRYPTION_KEY rotation: every value stored encrypted (webhook signing secrets, idempotent
// responses, live sublet vendors' link tokens) is moved to the new key, so that the previous key can be dropped. Values already under
// the new key are left alone, so the run can be repeated or resumed after a crash.
import type { Kdb, NotNull } from "@/lib/db";
import { decryptWithKey, decryptWithKeys, encryptWithKey } from "@/lib/security/secret-crypto";

export type ReencryptionKeys = { current: Buffer; previous: Buffer[] };
export type ReencryptionReport = { reencrypted: number; alreadyCurrent: number; unreadable: string[] };

const BATCH = 500;

/** The value under the current key, or null when it already is; throws when no key opens it. */
function underCurrentKey(keys: ReencryptionKeys, stored: string): string | null {
  try {
    decryptWithKey(keys.current, stored);
    return null;
  } catch {
    return encryptWithKey(keys.current, decryptWithKeys(keys.previous, stored));
  }
}

export async function reencryptStoredSecrets(kdb: Kdb, keys: ReencryptionKeys): Promise<ReencryptionReport> {
  const report: ReencryptionReport = { reencrypted: 0, alreadyCurrent: 0, unreadable: [] };
  const visit = async (id: string, stored: string, save: (value: string) => Promise<unknown>) => {
    try {
      const value = underCurrentKey(keys, stored);
      if (value === null) report.alreadyCurrent += 1;
      else {
        await save(value);
        report.reencrypted += 1;
      }
    } catch {
      report.unreadable.push(id);
    }
  };

  for (let after = ""; ;) {
    const secrets = await kdb
      .selectFrom("WebhookSecret")
      .select(["id", "ciphertext"])
      .where("id", ">", after)
      .orderBy("id")
      .limit(BATCH)
      .execute();
    for (const secret of secrets) {
      await visit(`webhook secret ${secret.id}`, secret.ciphertext, (ciphertext) =>
        // Only if unchanged meanwhile (a rotation of the endpoint's secret wins).
        kdb
          .updateTable("WebhookSecret")
          .set({ ciphertext })
          .where("id", "=", secret.id)
          .where("ciphertext", "=", secret.ciphertext)
          .execute(),
      );
    }
    if (secrets.length < BATCH) break;
    after = secrets.at(-1)!.id;
  }

  for (let after = ""; ;) {
    const records = await kdb
      .selectFrom("IdempotencyRecord")
      .select(["id", "responseBody"])
      .where("id", ">", after)
      .where("responseBody", "is not", null)
      .orderBy("id")
      .limit(BATCH)
      .$narrowType<{ responseBody: NotNull }>()
      .execute();
    for (const record of records) {
      await visit(`idempotency record ${record.id}`, record.responseBody, (responseBody) =>
        kdb.updateTable("IdempotencyRecord").set({ responseBody }).where("id", "=", record.id).execute(),
      );
    }
    if (records.length < BATCH) break;
    after = records.at(-1)!.id;
  }

  for (let after = ""; ;) {
    const links = await kdb
      .selectFrom("ReconSubletLink")
      .select(["id", "tokenCiphertext"])
      .where("id", ">", after)
      .where("revokedAt", "is", null)
      .orderBy("id")
      .limit(BATCH)
      .execute();
    for (const link of links) {
      await visit(`sublet link ${link.id}`, link.tokenCiphertext, (tokenCiphertext) =>
        kdb.updateTable("ReconSubletLink").set({ tokenCiphertext }).where("id", "=", link.id).execute(),
      );
    }
    if (links.length < BATCH) break;
    after = links.at(-1)!.id;
  }
  return report;
}
