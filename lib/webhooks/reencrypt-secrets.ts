// After an ENCRYPTION_KEY rotation: every value stored encrypted (webhook signing secrets, idempotent
// responses) is moved to the new key, so that the previous key can be dropped. Values already under
// the new key are left alone, so the run can be repeated or resumed after a crash.
import type { Db } from "@/lib/db";
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

export async function reencryptStoredSecrets(
  prisma: Db,
  keys: ReencryptionKeys,
): Promise<ReencryptionReport> {
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
    const secrets = await prisma.webhookSecret.findMany({
      where: { id: { gt: after } },
      orderBy: { id: "asc" },
      take: BATCH,
      select: { id: true, ciphertext: true },
    });
    for (const secret of secrets) {
      await visit(`webhook secret ${secret.id}`, secret.ciphertext, (ciphertext) =>
        // Only if unchanged meanwhile (a rotation of the endpoint's secret wins).
        prisma.webhookSecret.updateMany({
          where: { id: secret.id, ciphertext: secret.ciphertext },
          data: { ciphertext },
        }),
      );
    }
    if (secrets.length < BATCH) break;
    after = secrets.at(-1)!.id;
  }

  for (let after = ""; ;) {
    const records = await prisma.idempotencyRecord.findMany({
      where: { id: { gt: after }, responseBody: { not: null } },
      orderBy: { id: "asc" },
      take: BATCH,
      select: { id: true, responseBody: true },
    });
    for (const record of records) {
      await visit(`idempotency record ${record.id}`, record.responseBody!, (responseBody) =>
        prisma.idempotencyRecord.updateMany({ where: { id: record.id }, data: { responseBody } }),
      );
    }
    if (records.length < BATCH) break;
    after = records.at(-1)!.id;
  }
  return report;
}
