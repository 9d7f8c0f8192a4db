// The e-mail + password check behind the sign-in form: throttled, and alike for unknown accounts and
// wrong passwords, in answer and (roughly) in time, so that it does not tell who has an account.
import "server-only";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { signInInput } from "@/lib/auth/sign-in-schema";
import { signInRateLimiter, type SignInRateLimiter } from "@/lib/auth/sign-in-rate-limiter";
import { db } from "@/lib/db";
import type { UserRole } from "@/lib/generated/prisma/enums";
import { logger } from "@/lib/logger";

export type StaffIdentity = {
  id: string;
  email: string;
  name: string;
  role: UserRole;
  organisationId: string;
};

export type CredentialCheck =
  | { outcome: "signed-in"; user: StaffIdentity }
  | { outcome: "invalid" }
  | { outcome: "rate-limited"; retryAfterSeconds: number };

let dummyHash: Promise<string> | undefined;

/** A hash of a password nobody knows, at the same cost as real ones: checked when no user matches. */
function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(crypto.randomUUID());
  return dummyHash;
}

export async function authorizeCredentials(
  input: unknown,
  context: { ip: string | null; limiter?: SignInRateLimiter },
): Promise<CredentialCheck> {
  const limiter = context.limiter ?? signInRateLimiter();
  const parsed = signInInput.safeParse(input);
  const email = parsed.success ? parsed.data.email : null;

  const throttle = await limiter.check(email, context.ip);
  if (throttle.limited) {
    logger.warn("staff sign-in throttled", { email, ip: context.ip });
    return { outcome: "rate-limited", retryAfterSeconds: throttle.retryAfterSeconds };
  }
  if (!parsed.success) {
    await limiter.recordFailure(null, context.ip);
    return { outcome: "invalid" };
  }

  // Made before the lookup, so that the first sign-in of the process costs the same either way.
  const fallbackHash = await dummyPasswordHash();
  const user = await db().user.findUnique({
    where: { email: parsed.data.email },
    select: { id: true, email: true, name: true, role: true, organisationId: true, passwordHash: true },
  });
  const passwordMatches = await verifyPassword(parsed.data.password, user?.passwordHash ?? fallbackHash);

  if (!user || !passwordMatches) {
    await limiter.recordFailure(parsed.data.email, context.ip);
    logger.info("staff sign-in refused", { email: parsed.data.email, ip: context.ip });
    return { outcome: "invalid" };
  }
  await limiter.recordSuccess(parsed.data.email);
  logger.info("staff signed in", { userId: user.id, ip: context.ip });
  const { passwordHash: _hash, ...identity } = user;
  return { outcome: "signed-in", user: identity };
}
