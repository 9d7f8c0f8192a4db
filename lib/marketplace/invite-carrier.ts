// An administrator invites a carrier to the organisation's marketplace: its CARRIER account (no usable
// password yet), its coverage, and an invitation e-mail through the outbox, in one transaction. The
// link (/carrier/join/{token}) is an unguessable token, only its hash kept, valid for 7 days; the
// carrier chooses its password there and then signs in on the ordinary sign-in page.
import { hashPassword } from "@/lib/auth/password";
import { transaction } from "@/lib/db";
import { publicBaseUrl } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";
import { newId } from "@/lib/ids";
import type { InviteCarrierInput } from "@/lib/marketplace/schemas";
import { getMailBrand, renderBrandedEmail } from "@/lib/notifications/branded-email";
import { enqueueEmail } from "@/lib/notifications/enqueue-email";
import { hashLinkToken, newLinkToken } from "@/lib/security/link-token";

export const INVITATION_DAYS = 7;

type AdminScope = { organisationId: string; actor: string };

export async function inviteCarrier(
  scope: AdminScope,
  input: InviteCarrierInput,
  now = new Date(),
): Promise<{ carrierId: string; url: string }> {
  // A password nobody knows until the carrier sets one (bcrypt before the transaction: it is slow).
  const unusablePassword = await hashPassword(newLinkToken());
  const token = newLinkToken();
  const carrierId = newId();
  await transaction(async (tx) => {
    const taken = await tx
      .selectFrom("User")
      .select("id")
      .where("email", "=", input.email)
      .executeTakeFirst();
    if (taken) {
      throw new AppError("VALIDATION_ERROR", "That e-mail address already has an account.", {
        errors: [{ path: "email", message: "Already has an account" }],
      });
    }
    const userId = newId();
    await tx
      .insertInto("User")
      .values({
        id: userId,
        organisationId: scope.organisationId,
        email: input.email,
        name: input.name,
        passwordHash: unusablePassword,
        role: "CARRIER",
        createdAt: now,
      })
      .execute();
    await tx
      .insertInto("MarketplaceCarrier")
      .values({
        id: carrierId,
        organisationId: scope.organisationId,
        userId,
        name: input.name,
        kind: input.kind,
        transportMethods: input.transportMethods,
        postcodeAreas: input.postcodeAreas,
        inviteTokenHash: hashLinkToken(token),
        inviteExpiresAt: new Date(now.getTime() + INVITATION_DAYS * 24 * 60 * 60 * 1000),
        invitedBy: scope.actor,
        createdAt: now,
      })
      .execute();
    const brand = await getMailBrand(tx, scope.organisationId);
    await enqueueEmail(tx, {
      organisationId: scope.organisationId,
      kind: "carrier_invite",
      to: input.email,
      subject: `${brand.name} invites you to its marketplace`,
      ...renderBrandedEmail(brand, {
        heading: `${brand.name} invites you to its marketplace`,
        paragraphs: [
          `${brand.name} invites ${input.name} to claim and bid for vehicle movements on its marketplace.`,
          `Choose your password with the button below (the link works for ${INVITATION_DAYS} days, once).`,
          `Then sign in at ${publicBaseUrl()}/sign-in with ${input.email}.`,
        ],
        action: { label: "Choose your password", url: invitationUrl(token) },
      }),
      at: now,
    });
  });
  return { carrierId, url: invitationUrl(token) };
}

export function invitationUrl(token: string): string {
  return `${publicBaseUrl()}/carrier/join/${token}`;
}
