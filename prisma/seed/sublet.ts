// Demo sublet vendors (issue 37): Northgate has a smart-repair body shop (with an e-mail address) and a
// wheel refurbisher (a phone only). Every demo item waiting at sublet is sent to one of them, and each
// vendor gets a live link for its job: open such a card on /prep-jobs and its drawer shows the link,
// to copy and open on a phone (the seed also prints one).
import type { FactoryDb } from "@/prisma/factories";
import { newId } from "@/lib/ids";
import { subletLinkUrl } from "@/lib/recon/sublet/sublet-links";
import { hashLinkToken, newLinkToken } from "@/lib/security/link-token";
import { decryptSecret, encryptSecret } from "@/lib/security/secret-crypto";
import type { DemoOrganisation, DemoWorld } from "./context";

const PREP = "user:prep@demo.test";

const VENDORS = [
  { name: "Apex Smart Repairs", email: "bookings@apex-smart-repairs.example", phone: null },
  { name: "WheelWorks Refurbishment", email: null, phone: "+44 1924 555 0192" },
] as const;

export async function createDemoSublet(
  db: FactoryDb,
  world: DemoWorld,
  org: DemoOrganisation,
): Promise<void> {
  const organisationId = org.organisation.id;
  const vendors = [];
  for (const vendor of VENDORS) {
    vendors.push(
      await db.reconSubletVendor.create({
        data: { id: newId(), organisationId, ...vendor, createdBy: PREP, createdAt: world.now },
      }),
    );
  }
  const items = await db.reconWorkItem.findMany({
    where: { organisationId, state: "WAITING_SUBLET" },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const linked = new Set<string>();
  for (const item of items) {
    // Wheels to the refurbisher, the rest to the body shop.
    const vendor = (item.category === "SUBLET" ? vendors[1] : vendors[0]) ?? vendors[0];
    if (!vendor) continue;
    const sentAt = item.updatedAt;
    await db.reconSubletAssignment.create({
      data: { workItemId: item.id, organisationId, vendorId: vendor.id, sentBy: PREP, sentAt },
    });
    const key = `${item.prepJobId}:${vendor.id}`;
    if (linked.has(key)) continue;
    linked.add(key);
    const token = newLinkToken();
    await db.reconSubletLink.create({
      data: {
        id: newId(),
        organisationId,
        prepJobId: item.prepJobId,
        vendorId: vendor.id,
        tokenHash: hashLinkToken(token),
        tokenCiphertext: encryptSecret(token),
        createdBy: PREP,
        createdAt: sentAt,
      },
    });
  }
}

/** One live vendor link of the demo, to print after seeding (null when none). */
export async function demoSubletLinkUrl(db: FactoryDb): Promise<string | null> {
  const link = await db.reconSubletLink.findFirst({ where: { revokedAt: null }, orderBy: { id: "asc" } });
  return link ? subletLinkUrl(decryptSecret(link.tokenCiphertext)) : null;
}
