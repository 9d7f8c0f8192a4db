// The accessibility bar of every page: no serious or critical WCAG 2.1 A/AA violation found by axe.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

export async function expectAccessible(page: Page, options: { include?: string } = {}): Promise<void> {
  // Next.js streams a dynamic page's metadata after its content: wait for the <title>, or axe may run first
  // and report "document-title" on a page that has one.
  await expect(page).toHaveTitle(/\S/);
  // Legacy mode runs axe in the page itself. The default also opens a blank page for every check, to
  // merge the results of cross-origin frames; our pages have none, and that page cost 40 % of each check.
  let builder = new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .setLegacyMode();
  if (options.include) builder = builder.include(options.include);
  const { violations } = await builder.analyze();
  const blocking = violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id} (${violation.help}): ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    );
  expect(blocking).toEqual([]);
}
