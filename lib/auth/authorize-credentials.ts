// The e-mail + password check behind the sign-in form: throttled by address and (address, account)
// (lib/auth/sign-in-throttle.ts), and alike for unknown accounts and wrong passwords, in answer and
// (roughly) in time, so that it does not tell who has an account. A success starts a server-side
// session record (lib/auth/user-sessions.ts). Every refusal is logged with the request id.
import "server-only";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { signInInput } from "@/lib/auth/sign-in-schema";
import { signInThrottle, type SignInThrottle } from "@/lib/auth/sign-in-throttle";
import { startUserSession } from "@/lib/auth/user-sessions";
import { kysely } from "@/lib/db";
import type { UserRole } from "@/lib/generated/prisma/enums";
import { logger } from "@/lib/logger";

export type StaffIdentity = {
  id: string;
  email: string;
  name: string;
  role: UserRole;
  organisationId: string;
  /** The session record this sign-in started. */
  sessionId: string;
};

export type SignInContext = {
  /** What lib/auth/client-ip.ts gives for the request. */
  ip: string | null;
  userAgent?: string | null;
  requestId?: string;
  throttle?: SignInThrottle;
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

export async function authorizeCredentials(input: unknown, context: SignInContext): Promise<CredentialCheck> {
  const throttle = context.throttle ?? signInThrottle();
  const { ip, requestId } = context;
  const parsed = signInInput.safeParse(input);
  const email = parsed.success ? parsed.data.email : null;

  const state = await throttle.check(email, ip);
  if (state.limited) {
    logger.warn("staff sign-in throttled", {
      email,
      ip,
      requestId,
      retryAfterSeconds: state.retryAfterSeconds,
    });
    return { outcome: "rate-limited", retryAfterSeconds: state.retryAfterSeconds };
  }
  if (!parsed.success) {
    const addressFailures = await throttle.recordFailure(null, ip);
    logger.info("staff sign-in refused: malformed input", { ip, requestId, addressFailures });
    return { outcome: "invalid" };
  }

  // Made before the lookup, so that the first sign-in of the process costs the same either way.
  const fallbackHash = await dummyPasswordHash();
  const user = await kysely()
    .selectFrom("User")
    .select(["id", "email", "name", "role", "organisationId", "passwordHash"])
    .where("email", "=", parsed.data.email)
    .executeTakeFirst();
  const passwordMatches = await verifyPassword(parsed.data.password, user?.passwordHash ?? fallbackHash);

  if (!user || !passwordMatches) {
    const addressFailures = await throttle.recordFailure(parsed.data.email, ip);
    logger.info("staff sign-in refused", { email: parsed.data.email, ip, requestId, addressFailures });
    return { outcome: "invalid" };
  }
  await throttle.recordSuccess(parsed.data.email, ip);
  const session = await startUserSession({
    userId: user.id,
    userAgent: context.userAgent ?? null,
    ipAddress: ip,
  });
  logger.info("staff signed in", { userId: user.id, sessionId: session.id, ip, requestId });
  const { passwordHash: _hash, ...identity } = user;
  return { outcome: "signed-in", user: { ...identity, sessionId: session.id } };
}
