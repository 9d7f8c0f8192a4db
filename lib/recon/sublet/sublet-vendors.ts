// An organisation's sublet vendors: the list the drawer offers, and the vendor an item is sent to (one
// of the list, or a new one added inline; a new one with a name the list has is that vendor). Another
// organisation's vendor is not found, like one that does not exist.
import type { Kdb } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { newId } from "@/lib/ids";
import type { SendToSubletInput, NewSubletVendorInput } from "@/lib/recon/sublet/schemas";

export type SubletVendor = { id: string; name: string; email: string | null; phone: string | null };

export function listSubletVendors(kdb: Kdb, organisationId: string): Promise<SubletVendor[]> {
  return kdb
    .selectFrom("ReconSubletVendor")
    .select(["id", "name", "email", "phone"])
    .where("organisationId", "=", organisationId)
    .orderBy("name")
    .orderBy("id")
    .execute();
}

export async function vendorToSendTo(
  tx: Kdb,
  scope: { organisationId: string; actor: string },
  vendor: SendToSubletInput["vendor"],
  now: Date,
): Promise<SubletVendor> {
  if ("id" in vendor) {
    const found = await tx
      .selectFrom("ReconSubletVendor")
      .select(["id", "name", "email", "phone"])
      .where("id", "=", vendor.id)
      .where("organisationId", "=", scope.organisationId)
      .executeTakeFirst();
    if (!found) throw new AppError("NOT_FOUND", `No sublet vendor ${vendor.id} was found.`);
    return found;
  }
  return addVendor(tx, scope, vendor.new, now);
}

async function addVendor(
  tx: Kdb,
  scope: { organisationId: string; actor: string },
  input: NewSubletVendorInput,
  now: Date,
): Promise<SubletVendor> {
  await tx
    .insertInto("ReconSubletVendor")
    .values({
      id: newId(),
      organisationId: scope.organisationId,
      name: input.name,
      email: input.email ?? null,
      phone: input.phone ?? null,
      createdBy: scope.actor,
      createdAt: now,
    })
    .onConflict((conflict) => conflict.columns(["organisationId", "name"]).doNothing())
    .execute();
  return tx
    .selectFrom("ReconSubletVendor")
    .select(["id", "name", "email", "phone"])
    .where("organisationId", "=", scope.organisationId)
    .where("name", "=", input.name)
    .executeTakeFirstOrThrow();
}
