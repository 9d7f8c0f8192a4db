// Reads and writes an organisation's branding (the schema and its rules: lib/schemas/branding.ts).
import { db } from "@/lib/db";
import type { Branding } from "@/lib/schemas/branding";

export async function getBranding(organisationId: string): Promise<Branding & { name: string }> {
  const organisation = await db().organisation.findUniqueOrThrow({
    where: { id: organisationId },
    select: { name: true, brandLogoUrl: true, brandColour: true },
  });
  return { name: organisation.name, logoUrl: organisation.brandLogoUrl, colour: organisation.brandColour };
}

export async function updateBranding(organisationId: string, branding: Branding): Promise<void> {
  await db().organisation.update({
    where: { id: organisationId },
    data: { brandLogoUrl: branding.logoUrl, brandColour: branding.colour },
  });
}
