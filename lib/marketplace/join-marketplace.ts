// The invitation link: the carrier chooses its password. The link works once, for 7 days; an unknown,
// used or expired token is "not found" (it tells nothing about which).
import { hashPassword } from "@/lib/auth/password";
import { kysely, transaction } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { hashLinkToken, LINK_TOKEN_PATTERN } from "@/lib/security/link-token";

export type Invitation = { carrierName: string; email: string; organisationName: string };

const NOT_FOUND = "This invitation link is not valid: it was used, it expired, or it was never issued.";

export async function findInvitation(token: string, now = new Date()): Promise<Invitation | null> {
  if (!LINK_TOKEN_PATTERN.test(token)) return null;
  const row = await kysely()
    .selectFrom("MarketplaceCarrier as c")
    .innerJoin("User as u", "u.id", "c.userId")
    .innerJoin("Organisation as o", "o.id", "c.organisationId")
    .select(["c.name as carrierName", "u.email", "o.name as organisationName"])
    .where("c.inviteTokenHash", "=", hashLinkToken(token))
    .where("c.inviteExpiresAt", ">", now)
    .executeTakeFirst();
  return row ?? null;
}

export async function joinMarketplace(
  token: string,
  password: string,
  now = new Date(),
): Promise<{ email: string }> {
  if (!LINK_TOKEN_PATTERN.test(token)) throw new AppError("NOT_FOUND", NOT_FOUND);
  const passwordHash = await hashPassword(password);
  return transaction(async (tx) => {
    // Clearing the hash in the same statement that reads it: a link used twice at once works once.
    const carrier = await tx
      .updateTable("MarketplaceCarrier")
      .set({ inviteTokenHash: null, inviteExpiresAt: null, joinedAt: now })
      .where("inviteTokenHash", "=", hashLinkToken(token))
      .where("inviteExpiresAt", ">", now)
      .returning("userId")
      .executeTakeFirst();
    if (!carrier) throw new AppError("NOT_FOUND", NOT_FOUND);
    return tx
      .updateTable("User")
      .set({ passwordHash })
      .where("id", "=", carrier.userId)
      .returning("email")
      .executeTakeFirstOrThrow();
  });
}
