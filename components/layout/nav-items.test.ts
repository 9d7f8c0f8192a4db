import { describe, expect, it } from "vitest";
import { activeNavHref, navItemsFor } from "@/components/layout/nav-items";

const labels = (role: Parameters<typeof navItemsFor>[0], mailboxEnabled = true) =>
  navItemsFor(role, { mailboxEnabled }).map((item) => item.label);

describe("the shell's navigation", () => {
  it("shows each role what it may open", () => {
    expect(labels("ADMIN")).toEqual([
      "Board",
      "New movement",
      "Prep jobs",
      "Reports",
      "Integrations",
      "Users",
      "Branding",
      "System",
      "Mailbox",
    ]);
    expect(labels("DISPATCHER")).toEqual(["Board", "New movement", "Prep jobs", "Reports"]);
    expect(labels("PREP_STAFF")).toEqual(["Board", "Prep jobs"]);
  });

  it("hides the development mailbox when e-mail goes out over SMTP", () => {
    expect(labels("ADMIN", false)).not.toContain("Mailbox");
  });

  it("highlights the item of the current page, the most specific first", () => {
    const items = navItemsFor("ADMIN", { mailboxEnabled: true });
    expect(activeNavHref(items, "/board")).toBe("/board");
    expect(activeNavHref(items, "/movements/01JABC")).toBe("/board");
    expect(activeNavHref(items, "/movements/new")).toBe("/movements/new");
    expect(activeNavHref(items, "/prep-jobs/123")).toBe("/prep-jobs");
    expect(activeNavHref(items, "/boards")).toBeNull();
    expect(activeNavHref(items, "/notices")).toBeNull();
  });
});
