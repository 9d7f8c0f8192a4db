// Filling the proof form on the phone as a driver does: photos from the camera (setInputFiles with a
// JPEG the browser draws, given an EXIF segment with a GPS position so that its stripping shows), the
// odometer, a damaged panel with its photo, the name, and a signature drawn with the pointer.
import { expect, type Page } from "@playwright/test";
import { withGpsExif } from "@/test/image-fixtures";

/** A real JPEG (decodable by the phone's canvas) carrying an EXIF GPS position. */
export async function cameraJpeg(page: Page, colour = "#1d4ed8"): Promise<Buffer> {
  const base64 = await page.evaluate((fill) => {
    const canvas = document.createElement("canvas");
    canvas.width = 640;
    canvas.height = 480;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("no canvas");
    context.fillStyle = fill;
    context.fillRect(0, 0, 640, 480);
    context.fillStyle = "#f8fafc";
    context.fillRect(120, 160, 400, 160);
    return canvas.toDataURL("image/jpeg", 0.9).split(",")[1] ?? "";
  }, colour);
  return Buffer.from(withGpsExif(Buffer.from(base64, "base64")));
}

export async function recordProofOnPhone(
  job: Page,
  options: { person: string; odometer?: string; damage?: { panel: string; note: string }; submit?: boolean },
): Promise<void> {
  const form = job.getByRole("region", { name: /^Proof of/ });
  await expect(form).toBeVisible();
  const photo = await cameraJpeg(job);
  const inputs = form.locator('input[type="file"][id^="proof-photo-"]');
  const count = await inputs.count();
  for (let index = 0; index < count; index += 1) {
    await inputs
      .nth(index)
      .setInputFiles({ name: `photo-${index}.jpg`, mimeType: "image/jpeg", buffer: photo });
  }
  await expect(form.locator('img[alt$=" photo"]')).toHaveCount(count, { timeout: 20_000 });
  await form.getByLabel("Odometer (miles)").fill(options.odometer ?? "48213");
  if (options.damage) {
    await form.getByRole("button", { name: "Add damage" }).click();
    await form.getByLabel("Damage 1: panel").selectOption({ label: options.damage.panel });
    await form.getByLabel("What is damaged").fill(options.damage.note);
    await form.locator("#proof-damage-0-photo").setInputFiles({
      name: "damage.jpg",
      mimeType: "image/jpeg",
      buffer: await cameraJpeg(job, "#b91c1c"),
    });
    await expect(form.getByRole("img", { name: "Damage 1 photo photo" })).toBeVisible({ timeout: 20_000 });
  }
  await form.getByLabel(/^(Handed over by|Received by) \(name\)$/).fill(options.person);
  await signOnPad(job);
  if (options.submit !== false)
    await form.getByRole("button", { name: /^Record (collection|delivery)$/ }).click();
}

async function signOnPad(job: Page): Promise<void> {
  const pad = job.getByTestId("signature-pad");
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error("no signature pad");
  const y = box.y + box.height / 2;
  await job.mouse.move(box.x + 20, y);
  await job.mouse.down();
  for (let step = 1; step <= 12; step += 1) {
    await job.mouse.move(box.x + 20 + step * 20, y + (step % 2 === 0 ? -25 : 25));
  }
  await job.mouse.up();
  await expect(job.getByText("Signed.")).toBeVisible();
}
