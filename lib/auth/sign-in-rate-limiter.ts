// Sign-in throttling: at most 10 failed attempts per e-mail address and per client IP in 15 minutes
// (fixed window from the first failure). Only failures count, so a busy office behind one IP signs in
// freely; a success clears its e-mail's count, never the IP's (one valid account must not reset an
// attacker's budget). In memory: per app instance, like the API rate limit (docs/ui.md).
import { RateLimiterMemory } from "rate-limiter-flexible";

export type SignInLimits = { maxFailures: number; windowSeconds: number };

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = { maxFailures: 10, windowSeconds: 15 * 60 };

export type SignInThrottle = { limited: false } | { limited: true; retryAfterSeconds: number };

export class SignInRateLimiter {
  private readonly byEmail: RateLimiterMemory;
  private readonly byIp: RateLimiterMemory;
  private readonly maxFailures: number;

  constructor(limits: SignInLimits = DEFAULT_SIGN_IN_LIMITS) {
    this.maxFailures = limits.maxFailures;
    const options = { points: limits.maxFailures, duration: limits.windowSeconds };
    this.byEmail = new RateLimiterMemory({ ...options, keyPrefix: "sign-in-email" });
    this.byIp = new RateLimiterMemory({ ...options, keyPrefix: "sign-in-ip" });
  }

  /** Whether this e-mail or IP has used up its failures; asked before any password is checked. */
  async check(email: string | null, ip: string | null): Promise<SignInThrottle> {
    const [byEmail, byIp] = await Promise.all([
      email ? this.byEmail.get(email) : null,
      ip ? this.byIp.get(ip) : null,
    ]);
    const waits = [byEmail, byIp]
      .filter((result) => result !== null && result.consumedPoints >= this.maxFailures)
      .map((result) => result!.msBeforeNext);
    if (waits.length === 0) return { limited: false };
    return { limited: true, retryAfterSeconds: Math.max(1, Math.ceil(Math.max(...waits) / 1000)) };
  }

  async recordFailure(email: string | null, ip: string | null): Promise<void> {
    // penalty() counts without rejecting when the budget is already spent.
    await Promise.all([email ? this.byEmail.penalty(email, 1) : null, ip ? this.byIp.penalty(ip, 1) : null]);
  }

  async recordSuccess(email: string): Promise<void> {
    await this.byEmail.delete(email);
  }
}

const globalForLimiter = globalThis as unknown as { vmsSignInRateLimiter?: SignInRateLimiter };

/** The process-wide limiter (kept on globalThis so that hot reload does not reset it). */
export function signInRateLimiter(): SignInRateLimiter {
  globalForLimiter.vmsSignInRateLimiter ??= new SignInRateLimiter();
  return globalForLimiter.vmsSignInRateLimiter;
}
