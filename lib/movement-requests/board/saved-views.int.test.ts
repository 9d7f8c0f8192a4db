import { beforeAll, describe, expect, it } from "vitest";
import {
  deleteSavedView,
  listSavedViews,
  normaliseViewQuery,
  saveView,
} from "@/lib/movement-requests/board/saved-views";
import { createTenant } from "@/test/tenant";
import { setupTestDatabase } from "@/test/test-database";
import { createUser } from "@/prisma/factories";

const database = setupTestDatabase();
let me: { id: string; organisationId: string };
let colleague: { id: string; organisationId: string };

beforeAll(async () => {
  const tenant = await createTenant(database.prisma);
  me = await createUser(database.prisma, { organisationId: tenant.organisation.id });
  colleague = await createUser(database.prisma, { organisationId: tenant.organisation.id });
});

describe("saved views", () => {
  it("keeps only what the board reads: no page, no panel, no unknown or default parameters", () => {
    expect(normaliseViewQuery("?page=3&open=01ABC&status=CREATED&sort=created&dir=desc&evil=1")).toBe(
      "status=CREATED",
    );
  });

  it("saves, lists by name, replaces under the same name, and deletes; per user", async () => {
    const late = await saveView(me, { name: "Late ones", query: "?late=1&page=2" });
    await saveView(me, { name: "  Fleet  ", query: "area=Fleet" });
    await saveView(colleague, { name: "Late ones", query: "status=PLANNED" });
    expect(await listSavedViews(me.id)).toEqual([
      { id: expect.any(String), name: "Fleet", query: "area=Fleet" },
      { id: late.id, name: "Late ones", query: "late=1" },
    ]);
    const replaced = await saveView(me, { name: "Late ones", query: "late=1&area=Retail" });
    expect(replaced).toEqual({ id: late.id, name: "Late ones", query: "area=Retail&late=1" });

    await expect(deleteSavedView(colleague.id, late.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await deleteSavedView(me.id, late.id);
    expect((await listSavedViews(me.id)).map((view) => view.name)).toEqual(["Fleet"]);
    expect((await listSavedViews(colleague.id)).map((view) => view.query)).toEqual(["status=PLANNED"]);
  });

  it("refuses an empty or overlong name", async () => {
    await expect(saveView(me, { name: "   ", query: "" })).rejects.toThrow();
    await expect(saveView(me, { name: "x".repeat(61), query: "" })).rejects.toThrow();
  });
});
