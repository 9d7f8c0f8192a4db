// Stores the create body's write-only `customer` (docs/notifications.md), with the unguessable token of
// its opt-out link, in the create's transaction.
import { randomBytes } from "node:crypto";
import type { Kdb } from "@/lib/db";
import type { CustomerContact } from "@/lib/schemas/customer-contact";

export async function saveMovementCustomer(
  tx: Kdb,
  request: { id: string; organisationId: string; createdAt: Date },
  customer: CustomerContact,
): Promise<void> {
  await tx
    .insertInto("MovementCustomer")
    .values({
      movementRequestId: request.id,
      organisationId: request.organisationId,
      name: customer.name ?? null,
      // Addresses compare as stored: an opt-out matches the same address on a later request.
      email: customer.email?.toLowerCase() ?? null,
      phone: customer.phone ?? null,
      optOutToken: randomBytes(32).toString("base64url"),
      createdAt: request.createdAt,
    })
    .execute();
}
