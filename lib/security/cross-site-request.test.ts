import { describe, expect, it } from "vitest";
import { isCrossSiteWrite } from "./cross-site-request";

const request = (method: string, headers: Record<string, string>) => ({
  method,
  headers: new Headers(headers),
});

describe("isCrossSiteWrite", () => {
  it("refuses a write whose Origin is another site, or unreadable", () => {
    expect(
      isCrossSiteWrite(request("POST", { origin: "https://attacker.example", host: "vms.example.com" })),
    ).toBe(true);
    expect(isCrossSiteWrite(request("POST", { origin: "null", host: "vms.example.com" }))).toBe(true);
    expect(
      isCrossSiteWrite(
        request("DELETE", { origin: "https://vms.example.com:8443", host: "vms.example.com" }),
      ),
    ).toBe(true);
  });

  it("lets through same-site writes, reads, and requests that name no Origin", () => {
    expect(
      isCrossSiteWrite(request("POST", { origin: "https://vms.example.com", host: "vms.example.com" })),
    ).toBe(false);
    // Behind a proxy the public host is the forwarded one.
    expect(
      isCrossSiteWrite(
        request("POST", {
          origin: "https://vms.example.com",
          host: "10.0.0.5:3000",
          "x-forwarded-host": "vms.example.com",
        }),
      ),
    ).toBe(false);
    expect(
      isCrossSiteWrite(request("GET", { origin: "https://attacker.example", host: "vms.example.com" })),
    ).toBe(false);
    expect(isCrossSiteWrite(request("POST", { host: "vms.example.com" }))).toBe(false);
  });
});
