import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, createNonce, isBrandedPage } from "@/lib/security/content-security-policy";

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split("; ").map((directive) => {
      const [name, ...sources] = directive.split(" ");
      return [name!, sources];
    }),
  );
}

describe("the Content-Security-Policy", () => {
  it("allows scripts by nonce only: no inline script, no eval in production", () => {
    const nonce = createNonce();
    const scripts = directives(contentSecurityPolicy(nonce, { development: false })).get("script-src");
    expect(scripts).toEqual(["'self'", `'nonce-${nonce}'`, "'strict-dynamic'"]);
  });

  it("allows eval for the development server alone", () => {
    const scripts = directives(contentSecurityPolicy("n", { development: true })).get("script-src");
    expect(scripts).toContain("'unsafe-eval'");
    expect(scripts).not.toContain("'unsafe-inline'");
  });

  it("forbids framing, plugins, foreign bases, form targets and connections", () => {
    const policy = directives(contentSecurityPolicy("n", { development: false }));
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'self'"]);
    expect(policy.get("form-action")).toEqual(["'self'"]);
    expect(policy.get("connect-src")).toEqual(["'self'"]);
    expect(policy.get("default-src")).toEqual(["'self'"]);
  });

  it("allows the map tiles' origin alone, and only when MAP_TILES_URL names one (docs/maps.md)", () => {
    const policy = directives(
      contentSecurityPolicy("n", { development: false, mapTilesOrigin: "https://tiles.example.com" }),
    );
    expect(policy.get("img-src")).toEqual(["'self'", "data:", "blob:", "https://tiles.example.com"]);
    expect(policy.get("connect-src")).toEqual(["'self'", "https://tiles.example.com"]);
    expect(policy.get("worker-src")).toEqual(["'self'"]);
  });

  it("allows https images on tracking pages alone (the organisation's logo)", () => {
    const images = (brandImages: boolean) =>
      directives(contentSecurityPolicy("n", { development: false, brandImages })).get("img-src");
    expect(images(false)).toEqual(["'self'", "data:", "blob:"]);
    expect(images(true)).toEqual(["'self'", "data:", "blob:", "https:"]);
    expect(isBrandedPage("/track/abc")).toBe(true);
    expect(isBrandedPage("/board")).toBe(false);
    expect(isBrandedPage("/trackers")).toBe(false);
  });

  it("makes a new 128-bit nonce each time", () => {
    const nonces = new Set(Array.from({ length: 1000 }, createNonce));
    expect(nonces.size).toBe(1000);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });
});
