// The one-click opt-out of customer messages (/opt-out/{token}, docs/notifications.md). The link's
// token names one request's customer; opting out records its e-mail and phone for the organisation,
// so that no later message of that organisation reaches them, whatever the request. A GET only reads
// (mail clients and scanners open links); only the POST opts out.
import { kysely } from "@/lib/db";

export type OptOutView = {
  organisationName: string;
  /** The addresses it would stop, half hidden: the link may have been forwarded. */
  addresses: string[];
  optedOut: boolean;
};

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

async function contactOf(token: string) {
  if (!TOKEN.test(token)) return undefined;
  return kysely()
    .selectFrom("MovementCustomer as c")
    .innerJoin("Organisation as o", "o.id", "c.organisationId")
    .select(["c.organisationId", "c.email", "c.phone", "o.name"])
    .where("c.optOutToken", "=", token)
    .executeTakeFirst();
}

const addressesOf = (contact: { email: string | null; phone: string | null }) =>
  [contact.email, contact.phone].filter((address): address is string => address !== null);

export async function getOptOutView(token: string): Promise<OptOutView | null> {
  const contact = await contactOf(token);
  if (!contact) return null;
  const addresses = addressesOf(contact);
  const stopped = await kysely()
    .selectFrom("CustomerOptOut")
    .select("address")
    .where("organisationId", "=", contact.organisationId)
    .where("address", "in", addresses)
    .execute();
  return {
    organisationName: contact.name,
    addresses: addresses.map(maskAddress),
    optedOut: stopped.length === addresses.length,
  };
}

/** Opts the link's customer out (again is a no-op); false when the token names no one. */
export async function optOut(token: string, now = new Date()): Promise<boolean> {
  const contact = await contactOf(token);
  if (!contact) return false;
  await kysely()
    .insertInto("CustomerOptOut")
    .values(
      addressesOf(contact).map((address) => ({
        organisationId: contact.organisationId,
        address,
        optedOutAt: now,
      })),
    )
    .onConflict((conflict) => conflict.columns(["organisationId", "address"]).doNothing())
    .execute();
  return true;
}

/** "j•••@example.com", "+44•••••••123". */
export function maskAddress(address: string): string {
  const at = address.indexOf("@");
  if (at > 0) return `${address[0]}•••${address.slice(at)}`;
  return `${address.slice(0, 3)}${"•".repeat(Math.max(address.length - 6, 0))}${address.slice(-3)}`;
}
