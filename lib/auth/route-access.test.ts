import { describe, expect, it } from "vitest";
import { clientIpFrom } from "@/lib/auth/client-ip";
import { isApiPath, isPublicPath, safeCallbackUrl, signInPath } from "@/lib/auth/route-access";

describe("isPublicPath", () => {
  it.each([
    "/",
    "/sign-in",
    "/v1",
    "/v1/movement-requests/abc",
    "/v1/openapi.json",
    "/api/auth/session",
    "/api/health",
    "/api/ready",
    "/api/metrics",
    "/track/AbCdEf123",
    "/display/token123",
    "/docs/api",
    "/_next/static/chunks/app.js",
    "/favicon.ico",
    "/robots.txt",
  ])("leaves %s open", (path) => {
    expect(isPublicPath(path)).toBe(true);
  });

  it.each([
    "/board",
    "/movements/new",
    "/prep-jobs",
    "/integrations",
    "/mailbox",
    "/notices",
    "/api/board/stream",
    "/api/logo.png",
    "/tracking", // not /track/
    "/v1x",
    "/board/export.json",
  ])("protects %s", (path) => {
    expect(isPublicPath(path)).toBe(false);
  });

  it("tells staff-only endpoints from pages", () => {
    expect(isApiPath("/api/board/stream")).toBe(true);
    expect(isApiPath("/apiary")).toBe(false);
  });
});

describe("safeCallbackUrl", () => {
  it("keeps paths on this site, with their query", () => {
    expect(safeCallbackUrl("/board")).toBe("/board");
    expect(safeCallbackUrl("/board?status=PLANNED&sort=due#top")).toBe("/board?status=PLANNED&sort=due#top");
  });

  it.each([
    null,
    "",
    "https://evil.example/board",
    "//evil.example/board",
    "/\\evil.example",
    "javascript:alert(1)",
    "board",
    "/sign-in",
    "/sign-in?callbackUrl=/board",
    "/api/auth/signout",
  ])("refuses %s", (raw) => {
    expect(safeCallbackUrl(raw)).toBeNull();
  });

  it("builds the sign-in link", () => {
    expect(signInPath("/board?x=1")).toBe("/sign-in?callbackUrl=%2Fboard%3Fx%3D1");
    expect(signInPath("https://evil.example")).toBe("/sign-in");
    expect(signInPath()).toBe("/sign-in");
  });
});

describe("clientIpFrom", () => {
  it("takes the last X-Forwarded-For hop (the nearest proxy's view)", () => {
    expect(clientIpFrom(new Headers({ "x-forwarded-for": "1.1.1.1, 203.0.113.7" }))).toBe("203.0.113.7");
    expect(clientIpFrom(new Headers({ "x-forwarded-for": "::1" }))).toBe("::1");
  });

  it("falls back to X-Real-IP, then to nothing", () => {
    expect(clientIpFrom(new Headers({ "x-real-ip": "198.51.100.2" }))).toBe("198.51.100.2");
    expect(clientIpFrom(new Headers())).toBeNull();
  });
});
