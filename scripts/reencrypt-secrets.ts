// npm run secrets:reencrypt — after setting a new ENCRYPTION_KEY with the old one as
// ENCRYPTION_KEY_PREVIOUS: moves every stored secret to the new key (docs/operations.md).
import { kysely } from "@/lib/db";
import { reencryptStoredSecrets } from "@/lib/webhooks/reencrypt-secrets";
import { currentEncryptionKey, previousEncryptionKeys } from "@/lib/security/secret-crypto";

const previous = previousEncryptionKeys();
if (previous.length === 0) {
  console.error("Set ENCRYPTION_KEY_PREVIOUS to the key being replaced (and ENCRYPTION_KEY to the new one).");
  process.exit(2);
}
const report = await reencryptStoredSecrets(kysely(), { current: currentEncryptionKey(), previous });
await kysely().destroy();
console.log(
  `Re-encrypted ${report.reencrypted}, already under the new key ${report.alreadyCurrent}, unreadable ${report.unreadable.length}.`,
);
for (const id of report.unreadable) console.error(`  unreadable under both keys: ${id}`);
// Unreadable values stay as they were: keep ENCRYPTION_KEY_PREVIOUS until they are understood.
process.exit(report.unreadable.length === 0 ? 0 : 1);
