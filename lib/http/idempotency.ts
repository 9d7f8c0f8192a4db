// Idempotency-Key on POST, with Stripe's semantics: the same key with the same request within 24 hours
// returns the stored response without running the request again; the same key with a different request
// is 409 IDEMPOTENCY_KEY_REUSED; while the first is still running, 409 IDEMPOTENCY_REQUEST_IN_PROGRESS.
// Server errors are not stored, so the request can be retried with the same key.
import { createHash } from "node:crypto";
import { kysely } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { problemResponse } from "@/lib/http/problem";
import { newId } from "@/lib/ids";
import { decryptSecret, encryptSecret } from "@/lib/security/secret-crypto";

export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";
const RETENTION_MS = 24 * 60 * 60 * 1000;
/** A request still "in progress" after this long died with its process: its key may be used again. */
const ABANDONED_AFTER_MS = 60 * 1000;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

type Claim = { recordId: string } | { replay: Response };

export async function withIdempotency(
  request: Request,
  path: string,
  caller: { apiKeyId: string; organisationId: string },
  bodyText: string,
  run: () => Promise<Response>,
): Promise<Response> {
  const key = request.headers.get(IDEMPOTENCY_KEY_HEADER);
  if (request.method !== "POST" || key === null) return run();
  if (key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
    throw new AppError(
      "VALIDATION_ERROR",
      `The Idempotency-Key header must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} characters.`,
    );
  }
  const requestHash = createHash("sha256").update(`${request.method} ${path}\n${bodyText}`).digest("hex");

  const claim = await claimKey({
    apiKeyId: caller.apiKeyId,
    organisationId: caller.organisationId,
    key,
    method: request.method,
    path,
    requestHash,
  });
  if ("replay" in claim) return claim.replay;

  let response: Response;
  try {
    response = await run();
  } catch (error) {
    if (
      error instanceof AppError &&
      error.code !== "INTERNAL_SERVER_ERROR" &&
      error.code !== "SERVICE_UNAVAILABLE"
    ) {
      // A refusal by the domain is the answer to this request: keep it, as for a success.
      throw await storeThrown(claim.recordId, error, path);
    }
    await deleteRecord(claim.recordId).catch(() => undefined);
    throw error;
  }
  if (response.status >= 500) {
    await deleteRecord(claim.recordId);
    return response;
  }
  const text = await response.text();
  await storeResponse(claim.recordId, response.status, text);
  return new Response(text, { status: response.status, headers: response.headers });
}

type ClaimInput = {
  apiKeyId: string;
  organisationId: string;
  key: string;
  method: string;
  path: string;
  requestHash: string;
};

async function claimKey(input: ClaimInput): Promise<Claim> {
  const now = Date.now();
  const recordId = newId();
  const claimed = await kysely()
    .insertInto("IdempotencyRecord")
    .values({ id: recordId, ...input, createdAt: new Date(now), expiresAt: new Date(now + RETENTION_MS) })
    .onConflict((conflict) => conflict.columns(["apiKeyId", "key"]).doNothing())
    .executeTakeFirst();
  if (claimed.numInsertedOrUpdatedRows === BigInt(1)) return { recordId };
  const existing = await kysely()
    .selectFrom("IdempotencyRecord")
    .selectAll()
    .where("apiKeyId", "=", input.apiKeyId)
    .where("key", "=", input.key)
    .executeTakeFirstOrThrow();
  const expired = existing.expiresAt.getTime() <= now;
  const abandoned =
    existing.responseStatus === null && now - existing.createdAt.getTime() > ABANDONED_AFTER_MS;
  if (expired || abandoned) {
    // Take the key over, unless another request just did (the update then matches nothing).
    const taken = await kysely()
      .updateTable("IdempotencyRecord")
      .set({
        ...input,
        createdAt: new Date(now),
        expiresAt: new Date(now + RETENTION_MS),
        responseStatus: null,
        responseBody: null,
      })
      .where("id", "=", existing.id)
      .where("createdAt", "=", existing.createdAt)
      .executeTakeFirst();
    if (taken.numUpdatedRows === BigInt(1)) return { recordId: existing.id };
    throw inProgress();
  }
  if (existing.requestHash !== input.requestHash) {
    throw new AppError(
      "IDEMPOTENCY_KEY_REUSED",
      "This Idempotency-Key was already used with a different request. Use a new key for a new request.",
    );
  }
  if (existing.responseStatus === null) throw inProgress();
  return {
    replay: new Response(existing.responseBody === null ? null : decryptSecret(existing.responseBody), {
      status: existing.responseStatus,
      headers: {
        "content-type": existing.responseStatus >= 400 ? "application/problem+json" : "application/json",
        "idempotent-replayed": "true",
      },
    }),
  };
}

async function storeThrown(recordId: string, error: AppError, path: string): Promise<AppError> {
  const response = problemResponse(error, path);
  await storeResponse(recordId, response.status, await response.text());
  return error;
}

async function storeResponse(recordId: string, status: number, text: string): Promise<void> {
  // Stored encrypted: a response may carry a secret shown once (a webhook signing secret).
  await kysely()
    .updateTable("IdempotencyRecord")
    .set({ responseStatus: status, responseBody: encryptSecret(text) })
    .where("id", "=", recordId)
    .execute();
}

async function deleteRecord(recordId: string): Promise<void> {
  await kysely().deleteFrom("IdempotencyRecord").where("id", "=", recordId).execute();
}

function inProgress(): AppError {
  return new AppError(
    "IDEMPOTENCY_REQUEST_IN_PROGRESS",
    "A request with this Idempotency-Key is still being processed. Retry shortly.",
    { headers: { "retry-after": "1" } },
  );
}
