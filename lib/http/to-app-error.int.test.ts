// Overload is not a fault: when every pooled connection stays busy for longer than a query may wait for
// one, pg-pool gives up, and the caller gets 503 with Retry-After, not a 500. Nor is a NUL in the
// caller's text: 400.
import { describe, expect, it } from "vitest";
import { createKysely, sql } from "@/lib/db";
import { toAppError } from "@/lib/http/to-app-error";
import { setupTestDatabase } from "@/test/test-database";

const database = setupTestDatabase();

describe("toAppError", () => {
  it("answers 503 SERVICE_UNAVAILABLE with Retry-After when no connection frees up in time", async () => {
    // One connection, four transactions of half a second, each willing to wait 100 ms for it.
    const kdb = createKysely(database.url, 1, 100);
    try {
      const results = await Promise.allSettled(
        Array.from({ length: 4 }, () =>
          kdb.transaction().execute((trx) => sql`SELECT pg_sleep(0.5)`.execute(trx)),
        ),
      );
      const refused = results.flatMap((result) => (result.status === "rejected" ? [result.reason] : []));
      expect(refused.length).toBeGreaterThan(0);
      for (const error of refused) {
        const mapped = toAppError(error);
        expect(mapped.code).toBe("SERVICE_UNAVAILABLE");
        expect(mapped.headers).toMatchObject({ "retry-after": "1" });
      }
    } finally {
      await kdb.destroy();
    }
  });

  it("answers 400 VALIDATION_ERROR for a NUL that reached PostgreSQL in a text value", async () => {
    const error = await sql`SELECT ${"AB\u0000CD"}::text`.execute(database.kysely).catch((thrown) => thrown);
    expect((error as { code?: string }).code).toBe("22021");
    expect(toAppError(error).code).toBe("VALIDATION_ERROR");
  });

  it("keeps anything it does not recognise a generic 500", () => {
    expect(toAppError(new Error("boom")).code).toBe("INTERNAL_SERVER_ERROR");
  });
});
