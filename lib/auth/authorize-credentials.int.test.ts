import { beforeAll, describe, expect, it, vi } from "vitest";
import { authorizeCredentials } from "@/lib/auth/authorize-credentials";
import { verifyPassword } from "@/lib/auth/password";
import { SignInRateLimiter } from "@/lib/auth/sign-in-rate-limiter";
import { setupTestDatabase } from "@/lib/testing/test-database";
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

const freshLimiter = () => new SignInRateLimiter({ maxFailures: 3, windowSeconds: 900 });

describe("authorizeCredentials", () => {
  it("signs in with the right password, whatever the e-mail's case and spacing", async () => {
    const check = await authorizeCredentials(
      { email: "  Pat@Example.TEST ", password: PASSWORD },
      { ip: "10.1.0.1", limiter: freshLimiter() },
    );
    expect(check).toEqual({
      outcome: "signed-in",
      user: {
        id: user.id,
        email: "pat@example.test",
        name: "Pat Example",
        role: "PREP_STAFF",
        organisationId: user.organisationId,
      },
    });
  });

  it("gives the same answer for a wrong password and for an unknown account", async () => {
    const limiter = freshLimiter();
    const wrongPassword = await authorizeCredentials(
      { email: "pat@example.test", password: "wrong" },
      { ip: "10.1.0.2", limiter },
    );
    const unknown = await authorizeCredentials(
      { email: "nobody@example.test", password: PASSWORD },
      { ip: "10.1.0.3", limiter },
    );
    expect(wrongPassword).toEqual({ outcome: "invalid" });
    expect(unknown).toEqual({ outcome: "invalid" });
  });

  it("checks a password hash even when the account does not exist, as for a wrong password", async () => {
    const checks = vi.mocked(verifyPassword);
    checks.mockClear();
    await authorizeCredentials(
      { email: "pat@example.test", password: "wrong" },
      { ip: null, limiter: freshLimiter() },
    );
    await authorizeCredentials(
      { email: "ghost@example.test", password: "wrong" },
      { ip: null, limiter: freshLimiter() },
    );
    // One bcrypt comparison each: an unknown account costs the same work as a known one.
    expect(checks).toHaveBeenCalledTimes(2);
  });

  it("refuses malformed input without touching the account", async () => {
    const limiter = freshLimiter();
    expect(
      await authorizeCredentials({ email: "not-an-email", password: "x" }, { ip: "10.1.0.4", limiter }),
    ).toEqual({
      outcome: "invalid",
    });
    expect(await authorizeCredentials(undefined, { ip: "10.1.0.4", limiter })).toEqual({
      outcome: "invalid",
    });
  });

  it("throttles an account after repeated failures, even with the right password, from any IP", async () => {
    const limiter = freshLimiter();
    for (const ip of ["10.2.0.1", "10.2.0.2", "10.2.0.3"]) {
      expect(
        await authorizeCredentials({ email: "pat@example.test", password: "nope" }, { ip, limiter }),
      ).toEqual({
        outcome: "invalid",
      });
    }
    const check = await authorizeCredentials(
      { email: "pat@example.test", password: PASSWORD },
      { ip: "10.2.0.9", limiter },
    );
    expect(check.outcome).toBe("rate-limited");
    if (check.outcome === "rate-limited") expect(check.retryAfterSeconds).toBeGreaterThan(800);
  });

  it("throttles an IP that guesses across accounts, and throttles unknown accounts alike", async () => {
    const limiter = freshLimiter();
    for (const email of ["a@example.test", "b@example.test", "c@example.test"]) {
      await authorizeCredentials({ email, password: "guess" }, { ip: "10.3.0.1", limiter });
    }
    expect(
      (
        await authorizeCredentials(
          { email: "pat@example.test", password: PASSWORD },
          { ip: "10.3.0.1", limiter },
        )
      ).outcome,
    ).toBe("rate-limited");
    // The same account from elsewhere still signs in: only the IP is throttled.
    expect(
      (
        await authorizeCredentials(
          { email: "pat@example.test", password: PASSWORD },
          { ip: "10.3.0.2", limiter },
        )
      ).outcome,
    ).toBe("signed-in");
  });
});
