// A sublet vendor's link for one prep job (no account: the token is the credential, like a carrier's
// job link). One live link per job and vendor: sending another item of the job to the same vendor
// reuses it. Only the token's SHA-256 finds a link; the token is also kept encrypted (ENCRYPTION_KEY),
// so that the drawer can show and copy the link for as long as it lives. Staff revoke it from the
// drawer; from then on its page and its actions are 404.
import type { Kdb } from "@/lib/db";
import { publicBaseUrl } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";
import { newId } from "@/lib/ids";
import type { SubletLinkSummary } from "@/lib/recon/sublet/schemas";
import { hashLinkToken, newLinkToken } from "@/lib/security/link-token";
import { decryptSecret, encryptSecret } from "@/lib/security/secret-crypto";

export function subletLinkUrl(token: string): string {
  return `${publicBaseUrl()}/sublet/${token}`;
}

/** The token, or null when no key opens it any more (the drawer then offers a new link). */
function urlOf(tokenCiphertext: string): string | null {
  try {
    return subletLinkUrl(decryptSecret(tokenCiphertext));
  } catch {
    return null;
  }
}

/** The job's live link for the vendor, made if there is none (or if its token can no longer be read). */
export async function ensureSubletLink(
  tx: Kdb,
  link: { organisationId: string; prepJobId: string; vendorId: string; actor: string; now: Date },
): Promise<{ id: string; url: string; created: boolean }> {
  const live = await liveLink(tx, link);
  const liveUrl = live ? urlOf(live.tokenCiphertext) : null;
  if (live && liveUrl) return { id: live.id, url: liveUrl, created: false };
  if (live)
    await tx.updateTable("ReconSubletLink").set({ revokedAt: link.now }).where("id", "=", live.id).execute();
  const token = newLinkToken();
  const id = newId();
  const inserted = await tx
    .insertInto("ReconSubletLink")
    .values({
      id,
      organisationId: link.organisationId,
      prepJobId: link.prepJobId,
      vendorId: link.vendorId,
      tokenHash: hashLinkToken(token),
      tokenCiphertext: encryptSecret(token),
      createdBy: link.actor,
      createdAt: link.now,
    })
    .onConflict((conflict) =>
      conflict.columns(["prepJobId", "vendorId"]).where("revokedAt", "is", null).doNothing(),
    )
    .returning("id")
    .executeTakeFirst();
  if (inserted) return { id, url: subletLinkUrl(token), created: true };
  // Another send made it meanwhile: that one is the live link.
  const winner = await liveLink(tx, link);
  const winnerUrl = winner ? urlOf(winner.tokenCiphertext) : null;
  if (!winner || !winnerUrl)
    throw new Error(`Sublet link of job ${link.prepJobId} conflicted but is not live`);
  return { id: winner.id, url: winnerUrl, created: false };
}

function liveLink(tx: Kdb, link: { organisationId: string; prepJobId: string; vendorId: string }) {
  return tx
    .selectFrom("ReconSubletLink")
    .select(["id", "tokenCiphertext"])
    .where("organisationId", "=", link.organisationId)
    .where("prepJobId", "=", link.prepJobId)
    .where("vendorId", "=", link.vendorId)
    .where("revokedAt", "is", null)
    .executeTakeFirst();
}

/** The job's live links, oldest first. */
export async function listSubletLinks(
  kdb: Kdb,
  organisationId: string,
  prepJobId: string,
): Promise<SubletLinkSummary[]> {
  const rows = await kdb
    .selectFrom("ReconSubletLink as l")
    .innerJoin("ReconSubletVendor as v", "v.id", "l.vendorId")
    .select(["l.id", "l.vendorId", "l.tokenCiphertext", "l.createdAt", "v.name", "v.email"])
    .where("l.organisationId", "=", organisationId)
    .where("l.prepJobId", "=", prepJobId)
    .where("l.revokedAt", "is", null)
    .orderBy("l.createdAt")
    .orderBy("l.id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    vendorId: row.vendorId,
    vendorName: row.name,
    vendorEmail: row.email,
    url: urlOf(row.tokenCiphertext),
    createdAt: row.createdAt.toISOString(),
  }));
}

/** Revokes a link of the job; revoking twice is harmless; another job's or organisation's is 404. */
export async function revokeSubletLink(
  kdb: Kdb,
  scope: { organisationId: string },
  ref: { prepJobId: string; linkId: string },
  now = new Date(),
): Promise<void> {
  const link = await kdb
    .selectFrom("ReconSubletLink")
    .select(["id", "revokedAt"])
    .where("id", "=", ref.linkId)
    .where("prepJobId", "=", ref.prepJobId)
    .where("organisationId", "=", scope.organisationId)
    .executeTakeFirst();
  if (!link) throw new AppError("NOT_FOUND", `No sublet link ${ref.linkId} was found.`);
  if (link.revokedAt) return;
  await kdb.updateTable("ReconSubletLink").set({ revokedAt: now }).where("id", "=", link.id).execute();
}
