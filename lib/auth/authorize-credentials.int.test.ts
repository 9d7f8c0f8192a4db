import { beforeAll, describe, expect, it, vi } from "vitest";
import { authorizeCredentials } from "@/lib/auth/authorize-credentials";
import { verifyPassword } from "@/lib/auth/password";
import { SignInThrottle, type SignInPolicies } from "@/lib/auth/sign-in-throttle";
import { kysely } from "@/lib/db";
import { logger } from "@/lib/logger";
import { setupTestDatabase } from "@/test/test-database";
import { createOrganisation, createUser } from "@/prisma/factories";

// The real bcrypt check, counted: the test below asserts it runs for unknown accounts too.
vi.mock("@/lib/auth/password", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/auth/password")>();
  return { ...actual, verifyPassword: vi.fn(actual.verifyPassword) };
});

const database = setupTestDatabase();
const PASSWORD = "correct horse battery";
let user: { id: string; organisationId: string };

beforeAll(async () => {
  const organisation = await createOrganisation(database.prisma);
  user = await createUser(database.prisma, {
    organisationId: organisation.id,
    email: "pat@example.test",
    name: "Pat Example",
    role: "PREP_STAFF",
    password: PASSWORD,
  });
});

const POLICIES: SignInPolicies = {
  addressAccount: { freeFailures: 3, baseDelaySeconds: 30, maxDelaySeconds: 900, forgetAfterSeconds: 3600 },
  address: { freeFailures: 6, baseDelaySeconds: 30, maxDelaySeconds: 3600, forgetAfterSeconds: 3600 },
};
let throttles = 0;
/** Small limits, and keys of its own: no test sees another's counts. */
const freshThrottle = () => new SignInThrottle(POLICIES, `test-${++throttles}:`);

describe("authorizeCredentials", () => {
  it("signs in with the right password, whatever the e-mail's case and spacing", async () => {
    const check = await authorizeCredentials(
      { email: "  Pat@Example.TEST ", password: PASSWORD },
      { ip: "10.1.0.1", throttle: freshThrottle() },
    );
    expect(check).toEqual({
      outcome: "signed-in",
      user: {
        id: user.id,
        email: "pat@example.test",
        name: "Pat Example",
        role: "PREP_STAFF",
        organisationId: user.organisationId,
        sessionId: expect.any(String),
      },
    });
  });

  it("starts a server-side session record with the device and address", async () => {
    const check = await authorizeCredentials(
      { email: "pat@example.test", password: PASSWORD },
      { ip: "10.1.0.5", userAgent: "Mozilla/5.0 (Tablet)", throttle: freshThrottle() },
    );
    if (check.outcome !== "signed-in") throw new Error(`expected a sign-in, got ${check.outcome}`);
    const session = await kysely()
      .selectFrom("UserSession")
      .selectAll()
      .where("id", "=", check.user.sessionId)
      .executeTakeFirstOrThrow();
    expect(session).toMatchObject({
      userId: user.id,
      ipAddress: "10.1.0.5",
      userAgent: "Mozilla/5.0 (Tablet)",
    });
    expect(session.endedAt).toBeNull();
    expect(session.expiresAt.getTime() - session.createdAt.getTime()).toBe(12 * 3600 * 1000);
  });

  it("gives the same answer for a wrong password and for an unknown account", async () => {
    const throttle = freshThrottle();
    const wrongPassword = await authorizeCredentials(
      { email: "pat@example.test", password: "wrong" },
      { ip: "10.1.0.2", throttle },
    );
    const unknown = await authorizeCredentials(
      { email: "nobody@example.test", password: PASSWORD },
      { ip: "10.1.0.3", throttle },
    );
    expect(wrongPassword).toEqual({ outcome: "invalid" });
    expect(unknown).toEqual({ outcome: "invalid" });
  });

  it("checks a password hash even when the account does not exist, as for a wrong password", async () => {
    const checks = vi.mocked(verifyPassword);
    checks.mockClear();
    await authorizeCredentials(
      { email: "pat@example.test", password: "wrong" },
      { ip: null, throttle: freshThrottle() },
    );
    await authorizeCredentials(
      { email: "ghost@example.test", password: "wrong" },
      { ip: null, throttle: freshThrottle() },
    );
    // One bcrypt comparison each: an unknown account costs the same work as a known one.
    expect(checks).toHaveBeenCalledTimes(2);
  });

  it("refuses malformed input without touching the account", async () => {
    const throttle = freshThrottle();
    expect(
      await authorizeCredentials({ email: "not-an-email", password: "x" }, { ip: "10.1.0.4", throttle }),
    ).toEqual({
      outcome: "invalid",
    });
    expect(await authorizeCredentials(undefined, { ip: "10.1.0.4", throttle })).toEqual({
      outcome: "invalid",
    });
  });

  it("nobody locks an account from another address: its owner signs in from theirs meanwhile", async () => {
    const throttle = freshThrottle();
    for (let attempt = 0; attempt < 5; attempt++) {
      await authorizeCredentials(
        { email: "pat@example.test", password: "nope" },
        { ip: "10.2.0.1", throttle },
      );
    }
    // The guessing address waits, even with the right password …
    const attacker = await authorizeCredentials(
      { email: "pat@example.test", password: PASSWORD },
      { ip: "10.2.0.1", throttle },
    );
    expect(attacker.outcome).toBe("rate-limited");
    if (attacker.outcome === "rate-limited") expect(attacker.retryAfterSeconds).toBeGreaterThan(0);
    // … and the account's owner, at their own address, is not held up at all.
    const owner = await authorizeCredentials(
      { email: "pat@example.test", password: PASSWORD },
      { ip: "10.2.0.2", throttle },
    );
    expect(owner.outcome).toBe("signed-in");
  });

  it("slows down an address that sprays many accounts, and only that address", async () => {
    const throttle = freshThrottle();
    for (let n = 0; n < 7; n++) {
      await authorizeCredentials(
        { email: `user${n}@example.test`, password: "guess" },
        { ip: "10.3.0.1", throttle },
      );
    }
    const sprayer = await authorizeCredentials(
      { email: "pat@example.test", password: PASSWORD },
      { ip: "10.3.0.1", throttle },
    );
    expect(sprayer.outcome).toBe("rate-limited");
    const elsewhere = await authorizeCredentials(
      { email: "pat@example.test", password: PASSWORD },
      { ip: "10.3.0.2", throttle },
    );
    expect(elsewhere.outcome).toBe("signed-in");
  });

  it("logs each refused attempt with the request id", async () => {
    const info = vi.spyOn(logger, "info");
    await authorizeCredentials(
      { email: "pat@example.test", password: "nope" },
      { ip: "10.4.0.1", requestId: "req-refused-1", throttle: freshThrottle() },
    );
    expect(info).toHaveBeenCalledWith(
      "staff sign-in refused",
      expect.objectContaining({ email: "pat@example.test", ip: "10.4.0.1", requestId: "req-refused-1" }),
    );
    info.mockRestore();
  });
});

describe("SignInThrottle", () => {
  const at = (seconds: number) => new Date(Date.UTC(2026, 10, 25, 9, 0, seconds));

  it("waits longer after each failure beyond the free ones, up to the cap, and says how long", async () => {
    const throttle = freshThrottle();
    const waits: number[] = [];
    for (let failure = 1; failure <= 9; failure++) {
      await throttle.recordFailure("pat@example.test", "10.5.0.1", at(0));
      const state = await throttle.check("pat@example.test", "10.5.0.1", at(0));
      waits.push(state.limited ? state.retryAfterSeconds : 0);
    }
    // 3 free, then 30 s doubling: 30, 60, 120, 240, 480, then capped at 900.
    expect(waits).toEqual([0, 0, 0, 30, 60, 120, 240, 480, 900]);
    expect(await throttle.check("pat@example.test", "10.5.0.1", at(901))).toEqual({ limited: false });
  });

  it("forgets a count an hour after its last failure, and a success clears the account's count at that address", async () => {
    const throttle = freshThrottle();
    for (let failure = 0; failure < 4; failure++)
      await throttle.recordFailure("pat@example.test", "10.6.0.1", at(0));
    expect((await throttle.check("pat@example.test", "10.6.0.1", at(1))).limited).toBe(true);
    // The next failure after an hour starts again from one: no delay.
    await throttle.recordFailure("pat@example.test", "10.6.0.1", at(3601));
    expect((await throttle.check("pat@example.test", "10.6.0.1", at(3601))).limited).toBe(false);

    for (let failure = 0; failure < 3; failure++)
      await throttle.recordFailure("sam@example.test", "10.6.0.2", at(0));
    await throttle.recordSuccess("sam@example.test", "10.6.0.2");
    await throttle.recordFailure("sam@example.test", "10.6.0.2", at(0));
    expect((await throttle.check("sam@example.test", "10.6.0.2", at(0))).limited).toBe(false);
  });
});
