// Reads and writes an organisation's branding (the schema and its rules: lib/schemas/branding.ts).
import { kysely } from "@/lib/db";
import type { Branding } from "@/lib/schemas/branding";

export async function getBranding(organisationId: string): Promise<Branding & { name: string }> {
  return kysely()
    .selectFrom("Organisation")
    .select(["name", "brandLogoUrl as logoUrl", "brandColour as colour"])
    .where("id", "=", organisationId)
    .executeTakeFirstOrThrow();
}

export async function updateBranding(organisationId: string, branding: Branding): Promise<void> {
  await kysely()
    .updateTable("Organisation")
    .set({ brandLogoUrl: branding.logoUrl, brandColour: branding.colour })
    .where("id", "=", organisationId)
    .execute();
}
