// Sign-in throttling without lockout (docs/security.md). Failures are counted per client address and
// per (address, account), never per account alone: a stranger elsewhere cannot lock anybody out. Past
// a few free failures each further one blocks that key for a growing delay (doubling, capped), so
// guessing one account from one address, or spraying many accounts from it, slows that address down.
// A success clears its (address, account) count, never the address's (one valid account must not reset
// a sprayer's count). The counts live in PostgreSQL, so that every server process sees the same ones;
// each failure is one atomic upsert.
import "server-only";
import { kysely, sql, type RawBuilder } from "@/lib/db";

export type ThrottlePolicy = {
  /** Failures allowed before the first delay. */
  freeFailures: number;
  /** The delay after the first failure beyond the free ones; each further one doubles it. */
  baseDelaySeconds: number;
  maxDelaySeconds: number;
  /** A count is forgotten this long after its last failure. */
  forgetAfterSeconds: number;
};

export type SignInPolicies = { addressAccount: ThrottlePolicy; address: ThrottlePolicy };

export const DEFAULT_SIGN_IN_POLICIES: SignInPolicies = {
  // Someone who mistypes their password five times waits 30 s, then 1 min, 2 min… at most 15 min.
  addressAccount: {
    freeFailures: 5,
    baseDelaySeconds: 30,
    maxDelaySeconds: 15 * 60,
    forgetAfterSeconds: 24 * 3600,
  },
  // An office behind one address has room for everyone's typos; a sprayer is slowed down to an hour.
  address: {
    freeFailures: 20,
    baseDelaySeconds: 30,
    maxDelaySeconds: 60 * 60,
    forgetAfterSeconds: 24 * 3600,
  },
};

export type SignInThrottleState = { limited: false } | { limited: true; retryAfterSeconds: number };

type Key = { key: string; policy: ThrottlePolicy };

export class SignInThrottle {
  constructor(
    private readonly policies: SignInPolicies = DEFAULT_SIGN_IN_POLICIES,
    /** Prefixed to every key: tests use their own, so that they do not share counts. */
    private readonly namespace = "",
  ) {}

  /** Whether the address, or this account from this address, must wait; asked before any password check. */
  async check(email: string | null, ip: string | null, now = new Date()): Promise<SignInThrottleState> {
    const keys = this.keysOf(email, ip).map((entry) => entry.key);
    if (keys.length === 0) return { limited: false };
    const rows = await kysely()
      .selectFrom("SignInThrottle")
      .select("blockedUntil")
      .where("key", "in", keys)
      .where("blockedUntil", ">", now)
      .execute();
    const until = Math.max(0, ...rows.map((row) => row.blockedUntil?.getTime() ?? 0));
    if (until <= now.getTime()) return { limited: false };
    return { limited: true, retryAfterSeconds: Math.max(1, Math.ceil((until - now.getTime()) / 1000)) };
  }

  /** Counts a failure against the address and (address, account); returns the address's count. */
  async recordFailure(email: string | null, ip: string | null, now = new Date()): Promise<number> {
    let addressFailures = 0;
    for (const { key, policy } of this.keysOf(email, ip)) {
      const failures = await upsertFailure(key, policy, now);
      if (key.startsWith(`${this.namespace}ip:`)) addressFailures = failures;
    }
    return addressFailures;
  }

  async recordSuccess(email: string, ip: string | null): Promise<void> {
    const key = this.keysOf(email, ip).find((entry) => entry.policy === this.policies.addressAccount)?.key;
    if (key) await kysely().deleteFrom("SignInThrottle").where("key", "=", key).execute();
  }

  private keysOf(email: string | null, ip: string | null): Key[] {
    // Without an address (a misconfigured proxy), everyone shares one: slower for all, locked for none.
    const address = ip ?? "unknown";
    const keys: Key[] = [{ key: `${this.namespace}ip:${address}`, policy: this.policies.address }];
    if (email) {
      keys.push({
        key: `${this.namespace}ip-account:${address}:${email}`,
        policy: this.policies.addressAccount,
      });
    }
    return keys;
  }
}

/**
 * One statement: the count restarts when its last failure is older than forgetAfter; past the free
 * failures the key is blocked for base × 2^(beyond − 1) seconds, capped.
 */
async function upsertFailure(key: string, policy: ThrottlePolicy, now: Date): Promise<number> {
  const at = sql<Date>`${now}::timestamp(3)`;
  const forgetBefore = new Date(now.getTime() - policy.forgetAfterSeconds * 1000);
  const count = sql<number>`(CASE WHEN "SignInThrottle"."lastFailureAt" < ${forgetBefore}::timestamp(3) THEN 1 ELSE "SignInThrottle"."failures" + 1 END)`;
  const blockedUntil = (
    failures: RawBuilder<number>,
  ) => sql<Date | null>`CASE WHEN ${failures} > ${policy.freeFailures}
    THEN ${at} + make_interval(secs => LEAST(${policy.maxDelaySeconds}::float8,
      ${policy.baseDelaySeconds}::float8 * power(2, ${failures} - ${policy.freeFailures} - 1)))
    ELSE NULL END`;
  const row = await kysely()
    .insertInto("SignInThrottle")
    .values({ key, failures: 1, lastFailureAt: at, blockedUntil: blockedUntil(sql<number>`1`) })
    .onConflict((conflict) =>
      conflict
        .column("key")
        .doUpdateSet({ failures: count, lastFailureAt: at, blockedUntil: blockedUntil(count) }),
    )
    .returning("failures")
    .executeTakeFirst();
  return row?.failures ?? 1;
}

const globalForThrottle = globalThis as unknown as { vmsSignInThrottle?: SignInThrottle };

export function signInThrottle(): SignInThrottle {
  globalForThrottle.vmsSignInThrottle ??= new SignInThrottle();
  return globalForThrottle.vmsSignInThrottle;
}
