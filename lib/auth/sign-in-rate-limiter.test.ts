import { describe, expect, it } from "vitest";
import { DEFAULT_SIGN_IN_LIMITS, SignInRateLimiter } from "@/lib/auth/sign-in-rate-limiter";

async function fail(limiter: SignInRateLimiter, times: number, email: string | null, ip: string | null) {
  for (let attempt = 0; attempt < times; attempt += 1) await limiter.recordFailure(email, ip);
}

describe("SignInRateLimiter", () => {
  it("defaults to 10 failures in 15 minutes", () => {
    expect(DEFAULT_SIGN_IN_LIMITS).toEqual({ maxFailures: 10, windowSeconds: 900 });
  });

  it("allows attempts until an e-mail address has used up its failures", async () => {
    const limiter = new SignInRateLimiter({ maxFailures: 3, windowSeconds: 900 });
    await fail(limiter, 2, "a@example.test", "10.0.0.1");
    expect(await limiter.check("a@example.test", "10.0.0.2")).toEqual({ limited: false });
    await fail(limiter, 1, "a@example.test", "10.0.0.1");
    const throttled = await limiter.check("a@example.test", "10.0.0.2");
    expect(throttled.limited).toBe(true);
    if (throttled.limited) {
      expect(throttled.retryAfterSeconds).toBeGreaterThan(890);
      expect(throttled.retryAfterSeconds).toBeLessThanOrEqual(900);
    }
    // Another address from another IP is unaffected.
    expect(await limiter.check("b@example.test", "10.0.0.2")).toEqual({ limited: false });
  });

  it("throttles an IP that tries many addresses", async () => {
    const limiter = new SignInRateLimiter({ maxFailures: 3, windowSeconds: 900 });
    await limiter.recordFailure("one@example.test", "10.0.0.9");
    await limiter.recordFailure("two@example.test", "10.0.0.9");
    await limiter.recordFailure(null, "10.0.0.9");
    expect((await limiter.check("three@example.test", "10.0.0.9")).limited).toBe(true);
    expect((await limiter.check("three@example.test", "10.0.0.10")).limited).toBe(false);
  });

  it("clears an address's count on success, but never the IP's", async () => {
    const limiter = new SignInRateLimiter({ maxFailures: 3, windowSeconds: 900 });
    await fail(limiter, 2, "a@example.test", "10.0.0.1");
    await limiter.recordSuccess("a@example.test");
    await fail(limiter, 2, "a@example.test", "10.0.0.2");
    expect((await limiter.check("a@example.test", "10.0.0.3")).limited).toBe(false);
    await fail(limiter, 1, "b@example.test", "10.0.0.1");
    expect((await limiter.check("c@example.test", "10.0.0.1")).limited).toBe(true);
  });

  it("keeps counting past the limit without throwing, and opens again after the window", async () => {
    const limiter = new SignInRateLimiter({ maxFailures: 2, windowSeconds: 1 });
    await fail(limiter, 5, "a@example.test", null);
    expect((await limiter.check("a@example.test", null)).limited).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await limiter.check("a@example.test", null)).toEqual({ limited: false });
  });
});
