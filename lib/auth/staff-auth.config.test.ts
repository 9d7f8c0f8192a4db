import { afterEach, describe, expect, it, vi } from "vitest";

// lib/env parses process.env once per module instance: each case loads a fresh copy.
async function loadConfig(settings: Record<string, string | undefined>) {
  vi.resetModules();
  for (const [name, value] of Object.entries(settings)) vi.stubEnv(name, value);
  return import("@/lib/auth/staff-auth.config");
}

const SECRET = "x".repeat(44);

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("session cookies", () => {
  it("are Secure when the public address is https, whatever NODE_ENV says", async () => {
    const config = await loadConfig({ NODE_ENV: "development", AUTH_URL: "https://vms.example.com" });
    expect(config.secureCookies()).toBe(true);
    expect(config.staffAuthConfig().useSecureCookies).toBe(true);
  });

  it("carry the __Host- prefix on https: Secure, path /, no Domain", async () => {
    const config = await loadConfig({
      NODE_ENV: "production",
      AUTH_SECRET: SECRET,
      AUTH_URL: "https://vms.example.com",
    });
    expect(config.staffAuthConfig().cookies?.sessionToken).toEqual({
      name: "__Host-authjs.session-token",
      options: { httpOnly: true, sameSite: "lax", path: "/", secure: true },
    });
    const plain = await loadConfig({
      NODE_ENV: "production",
      AUTH_SECRET: SECRET,
      AUTH_URL: "http://127.0.0.1:3100",
    });
    expect(plain.staffAuthConfig().cookies).toBeUndefined();
  });

  it("are not Secure on a plain-http address, even in production (the e2e server)", async () => {
    const config = await loadConfig({
      NODE_ENV: "production",
      AUTH_SECRET: SECRET,
      AUTH_URL: "http://127.0.0.1:3100",
      PUBLIC_BASE_URL: "https://ignored.example.com",
    });
    expect(config.secureCookies()).toBe(false);
  });

  it("follow PUBLIC_BASE_URL without AUTH_URL, and the request's protocol without either", async () => {
    let config = await loadConfig({ AUTH_URL: undefined, PUBLIC_BASE_URL: "https://vms.example.com" });
    expect(config.secureCookies()).toBe(true);
    config = await loadConfig({ AUTH_URL: undefined, PUBLIC_BASE_URL: undefined });
    expect(config.secureCookies()).toBeUndefined();
  });

  it("use JWT sessions of 12 hours (SESSION_ABSOLUTE_TIMEOUT_HOURS), the sign-in page, and trust the forwarding server", async () => {
    const config = await loadConfig({ AUTH_SECRET: SECRET });
    const settings = config.staffAuthConfig();
    expect(settings.session).toEqual({ strategy: "jwt", maxAge: 12 * 60 * 60 });
    const shorter = await loadConfig({ AUTH_SECRET: SECRET, SESSION_ABSOLUTE_TIMEOUT_HOURS: "8" });
    expect(shorter.staffAuthConfig().session?.maxAge).toBe(8 * 60 * 60);
    expect(settings.trustHost).toBe(true);
    expect(settings.pages?.signIn).toBe("/sign-in");
  });
});

describe("AUTH_SECRET", () => {
  it("is required in production", async () => {
    const config = await loadConfig({ NODE_ENV: "production", AUTH_SECRET: undefined });
    expect(() => config.authSecret()).toThrow(/AUTH_SECRET is not set/);
  });

  it("falls back to a development-only secret elsewhere, and is used when set", async () => {
    let config = await loadConfig({ NODE_ENV: "test", AUTH_SECRET: undefined });
    expect(config.authSecret()).toMatch(/development-only/);
    config = await loadConfig({ NODE_ENV: "production", AUTH_SECRET: SECRET });
    expect(config.authSecret()).toBe(SECRET);
  });
});

describe("the session token", () => {
  type JwtCallback = NonNullable<
    NonNullable<ReturnType<typeof import("@/lib/auth/staff-auth.config").staffAuthConfig>["callbacks"]>["jwt"]
  >;
  type SessionCallback = NonNullable<
    NonNullable<
      ReturnType<typeof import("@/lib/auth/staff-auth.config").staffAuthConfig>["callbacks"]
    >["session"]
  >;

  async function callbacks() {
    const config = await loadConfig({ AUTH_SECRET: SECRET });
    const settings = config.staffAuthConfig();
    const jwt = settings.callbacks!.jwt! as (params: unknown) => ReturnType<JwtCallback>;
    const session = settings.callbacks!.session! as (params: unknown) => ReturnType<SessionCallback>;
    return { jwt, session };
  }

  it("carries the user's id, organisation and role from sign-in into the session", async () => {
    const { jwt, session } = await callbacks();
    const user = {
      id: "u1",
      email: "d@example.test",
      name: "Dana",
      role: "DISPATCHER",
      organisationId: "o1",
      sessionId: "s1",
    };
    const token = await jwt({ token: { email: user.email, name: user.name }, user });
    expect(token).toMatchObject({ sub: "u1", organisationId: "o1", role: "DISPATCHER", sid: "s1" });
    expect(token?.signedInAt).toBeTypeOf("number");
    const result = await session({ session: { user: {}, expires: "" }, token });
    expect((result as { sessionId?: string }).sessionId).toBe("s1");
    expect(result.user).toMatchObject({
      id: "u1",
      email: "d@example.test",
      name: "Dana",
      role: "DISPATCHER",
      organisationId: "o1",
    });
  });

  it("ends the session 12 hours after sign-in, however active it was, and refuses a token without a session record", async () => {
    const { jwt } = await callbacks();
    const now = Math.floor(Date.now() / 1000);
    const base = { sub: "u1", organisationId: "o1", role: "ADMIN", sid: "s1" };
    expect(
      await jwt({ token: { sub: "u1", organisationId: "o1", role: "ADMIN", signedInAt: now } }),
    ).toBeNull();
    expect(await jwt({ token: { ...base, signedInAt: now - 11 * 3600 } })).not.toBeNull();
    expect(await jwt({ token: { ...base, signedInAt: now - 12 * 3600 - 5 } })).toBeNull();
    expect(await jwt({ token: base })).toBeNull();
  });
});
