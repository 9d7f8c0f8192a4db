import { describe, expect, it } from "vitest";
import { brandingInput, textColourOn } from "@/lib/schemas/branding";

describe("an organisation's branding", () => {
  it("takes an https logo and a hex colour, and clears them when empty", () => {
    expect(brandingInput.parse({ logoUrl: " https://cdn.example.com/logo.png ", colour: "#0f766e" })).toEqual(
      { logoUrl: "https://cdn.example.com/logo.png", colour: "#0F766E" },
    );
    expect(brandingInput.parse({ logoUrl: "", colour: "  " })).toEqual({ logoUrl: null, colour: null });
  });

  it.each([
    "http://cdn.example.com/logo.png",
    "javascript:alert(1)",
    "data:image/png;base64,AAAA",
    "//cdn.example.com/logo.png",
    "https://user:secret@cdn.example.com/logo.png",
    `https://cdn.example.com/${"a".repeat(500)}.png`,
    "logo.png",
  ])("refuses the logo address %s", (logoUrl) => {
    const result = brandingInput.safeParse({ logoUrl, colour: null });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["logoUrl"]);
  });

  it.each(["red", "#fff", "#12345G", "0F766E", "#0F766E; background:url(x)", 42])(
    "refuses the colour %s",
    (colour) => {
      const result = brandingInput.safeParse({ logoUrl: null, colour });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(["colour"]);
    },
  );

  it("writes in black on light colours and in white on dark ones", () => {
    expect(textColourOn("#FFFFFF")).toBe("#000000");
    expect(textColourOn("#FACC15")).toBe("#000000");
    expect(textColourOn("#0F766E")).toBe("#FFFFFF");
    expect(textColourOn("#000000")).toBe("#FFFFFF");
  });
});
