// An organisation's branding on its customers' tracking pages: a logo (an https URL, shown as an image
// only) and a brand colour ("#RRGGBB"). Set by an admin; both optional (empty clears). Client-safe: the
// settings form and the tracking page read it too.
import { z } from "zod";

const emptyToNull = (value: unknown) => (typeof value === "string" && value.trim() === "" ? null : value);

export const brandingInput = z.object({
  logoUrl: z.preprocess(
    emptyToNull,
    z
      .string()
      .trim()
      .max(500, "Keep the logo address under 500 characters.")
      .pipe(z.url({ protocol: /^https$/, message: "Give the logo's full https:// address." }))
      // (also run after a failed URL check: hence canParse)
      .refine((url) => !URL.canParse(url) || !/^https:\/\/[^/]*@/.test(url), {
        message: "The logo address must not contain a user name or password.",
      })
      .nullable(),
  ),
  colour: z.preprocess(
    emptyToNull,
    z
      .string()
      .trim()
      .regex(/^#[0-9A-Fa-f]{6}$/, "Give the colour as # and six hex digits, for example #0F766E.")
      .transform((colour) => colour.toUpperCase())
      .nullable(),
  ),
});

export type BrandingInput = z.input<typeof brandingInput>;
export type Branding = z.output<typeof brandingInput>;

/** Black or white, whichever reads better on the colour (WCAG contrast: at least 4.5:1 for one). */
export function textColourOn(colour: string): "#000000" | "#FFFFFF" {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(colour.slice(at, at + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return (luminance + 0.05) / 0.05 >= 1.05 / (luminance + 0.05) ? "#000000" : "#FFFFFF";
}
