// Workshop-screen links: created for a prep site with a token shown once (only its hash stored),
// listed, revoked; a token resolves to its organisation and site until it is revoked.
import { beforeAll, describe, expect, it } from "vitest";
import { createDisplayLink } from "@/lib/prep-jobs/display-links/create-display-link";
import { hashDisplayToken } from "@/lib/prep-jobs/display-links/display-link-token";
import { listDisplayLinks } from "@/lib/prep-jobs/display-links/list-display-links";
import { resolveDisplayLink } from "@/lib/prep-jobs/display-links/resolve-display-link";
import { revokeDisplayLink } from "@/lib/prep-jobs/display-links/revoke-display-link";
import { createTenant, type Tenant } from "@/test/tenant";
import { setupTestDatabase } from "@/test/test-database";
import { createSite } from "@/prisma/factories";

const database = setupTestDatabase();
let tenant: Tenant;
let other: Tenant;
let prepSite: { id: string; name: string };
let showroom: { id: string };
let otherSite: { id: string };

beforeAll(async () => {
  tenant = await createTenant(database.prisma);
  other = await createTenant(database.prisma);
  prepSite = await createSite(database.prisma, { organisationId: tenant.organisation.id, isPrepSite: true });
  showroom = await createSite(database.prisma, { organisationId: tenant.organisation.id });
  otherSite = await createSite(database.prisma, { organisationId: other.organisation.id, isPrepSite: true });
});

const scope = () => ({ organisationId: tenant.organisation.id });

describe("display links", () => {
  it("creates a link with an unguessable token whose hash alone is stored", async () => {
    const { link, token } = await createDisplayLink(scope(), { name: "Workshop TV", siteId: prepSite.id });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    expect(link).toMatchObject({
      name: "Workshop TV",
      site: { id: prepSite.id },
      lastSeenAt: null,
      revokedAt: null,
    });
    const row = await database.kysely
      .selectFrom("DisplayLink")
      .selectAll()
      .where("id", "=", link.id)
      .executeTakeFirstOrThrow();
    expect(row.tokenHash).toBe(hashDisplayToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it("only for a prep site of the organisation", async () => {
    await expect(createDisplayLink(scope(), { name: "x", siteId: otherSite.id })).rejects.toMatchObject({
      code: "SITE_NOT_FOUND",
    });
    await expect(createDisplayLink(scope(), { name: "x", siteId: showroom.id })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
    });
  });

  it("resolves a token to its site, records when it was last seen at most once a minute", async () => {
    const { link, token } = await createDisplayLink(scope(), { name: "Bay 2", siteId: prepSite.id });
    const first = new Date("2026-11-21T09:00:00.000Z");
    const viewer = await resolveDisplayLink(token, first);
    expect(viewer).toMatchObject({
      linkId: link.id,
      organisationId: tenant.organisation.id,
      site: { id: prepSite.id },
    });
    await resolveDisplayLink(token, new Date(first.getTime() + 30_000));
    const lastSeen = async () =>
      (
        await database.kysely
          .selectFrom("DisplayLink")
          .selectAll()
          .where("id", "=", link.id)
          .executeTakeFirstOrThrow()
      ).lastSeenAt?.toISOString();
    expect(await lastSeen()).toBe(first.toISOString());
    const minuteLater = new Date(first.getTime() + 60_000);
    await resolveDisplayLink(token, minuteLater);
    expect(await lastSeen()).toBe(minuteLater.toISOString());
  });

  it("resolves nothing for an unknown, malformed or revoked token", async () => {
    const { link, token } = await createDisplayLink(scope(), { name: "Old TV", siteId: prepSite.id });
    expect(await resolveDisplayLink("A".repeat(43))).toBeNull();
    expect(await resolveDisplayLink("not a token")).toBeNull();
    await revokeDisplayLink(scope(), link.id);
    expect(await resolveDisplayLink(token)).toBeNull();
    // Revoking again is harmless; another organisation cannot revoke, nor see, the link.
    await revokeDisplayLink(scope(), link.id);
    await expect(revokeDisplayLink({ organisationId: other.organisation.id }, link.id)).rejects.toMatchObject(
      {
        code: "NOT_FOUND",
      },
    );
    const listed = await listDisplayLinks(scope());
    expect(listed.find((candidate) => candidate.id === link.id)?.revokedAt).not.toBeNull();
    expect(await listDisplayLinks({ organisationId: other.organisation.id })).toEqual([]);
  });
});
