// Any thrown value → an AppError. Only AppErrors carry their message to the caller; anything else is a
// generic 500 (its details go to the log, never to the response).
import { AppError } from "@/lib/errors/app-error";

const CONNECTION_ERROR_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "57P01", // admin shutdown
  "57P03", // cannot connect now
  "08000",
  "08001",
  "08003",
  "08006",
]);
// pg reports a lost or unobtainable connection without a code.
const CONNECTION_ERROR_MESSAGES = [
  "Connection terminated",
  "Client has encountered a connection error",
  "connection is closed",
];

/** pg-pool: every pooled connection stayed busy for as long as a query may wait for one. */
const POOL_EXHAUSTED_MESSAGE = "timeout exceeded when trying to connect";

export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (isPoolExhausted(error)) {
    // Overload, not a fault: the request changed nothing and can be sent again in a moment.
    return new AppError("SERVICE_UNAVAILABLE", "The service is busy. Retry shortly.", {
      headers: { "retry-after": "1" },
    });
  }
  if (hasCode(error, UNSTORABLE_TEXT_CODES)) {
    // A NUL (or a byte PostgreSQL's UTF-8 refuses) in a value that got this far: the caller's input,
    // which no text column can hold. It changed nothing.
    return new AppError("VALIDATION_ERROR", "A value holds a character that cannot be stored (such as NUL).");
  }
  if (isDatabaseUnavailable(error)) {
    return new AppError("SERVICE_UNAVAILABLE", "The service is temporarily unavailable. Retry shortly.", {
      headers: { "retry-after": "5" },
    });
  }
  return new AppError("INTERNAL_SERVER_ERROR", "Internal server error");
}

/** invalid byte sequence for UTF-8 (a NUL in text), and a character with no UTF-8 equivalent. */
const UNSTORABLE_TEXT_CODES = new Set(["22021", "22P05"]);

function hasCode(error: unknown, codes: Set<string>): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && codes.has(code);
}

function isPoolExhausted(error: unknown): boolean {
  return (error as { message?: unknown } | null)?.message === POOL_EXHAUSTED_MESSAGE;
}

function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  // Driver errors may arrive wrapped; look down the cause chain.
  while (current && typeof current === "object" && !seen.has(current)) {
    seen.add(current);
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === "string" && CONNECTION_ERROR_CODES.has(code)) return true;
    if (typeof message === "string" && CONNECTION_ERROR_MESSAGES.some((text) => message.includes(text)))
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
