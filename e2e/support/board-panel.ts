// Opening a movement request's detail panel on the board, as a dispatcher would: search for its VRM,
// click its row.
//   import { openBoardPanel } from "../support/board-panel";
//   await openBoardPanel(page, vrm);
import { expect, type Page } from "@playwright/test";

/**
 * Goes to the board filtered to `vrm` (unless `options.navigate` is false) and clicks the row until the
 * panel is open: a click that lands before the board has hydrated opens nothing, which CI saw under the
 * whole suite's load.
 */
export async function openBoardPanel(
  page: Page,
  vrm: string,
  options: { navigate?: boolean } = {},
): Promise<void> {
  if (options.navigate !== false) await page.goto(`/board?q=${encodeURIComponent(vrm)}`);
  const row = page.getByRole("row", { name: new RegExp(vrm) });
  await expect(async () => {
    await row.click();
    await expect(page.getByRole("complementary")).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}
