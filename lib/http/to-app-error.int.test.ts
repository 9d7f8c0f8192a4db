// Overload is not a fault: when every pooled connection stays busy for longer than a transaction may
// wait, Prisma gives up (P2028), and the caller gets 503 with Retry-After, not a 500.
import { describe, expect, it } from "vitest";
import { createPrismaClient, kyselyIn } from "@/lib/db";
import { toAppError } from "@/lib/http/to-app-error";
import { setupTestDatabase } from "@/test/test-database";

const database = setupTestDatabase();

describe("toAppError", () => {
  it("answers 503 SERVICE_UNAVAILABLE with Retry-After when no connection frees up in time", async () => {
    // One connection, four transactions of half a second, each willing to wait 100 ms to start.
    const prisma = createPrismaClient(database.url, 1);
    try {
      const results = await Promise.allSettled(
        Array.from({ length: 4 }, () =>
          prisma.$transaction(
            // As text: pg_sleep returns void, which Prisma's raw pipeline cannot read.
            (tx) =>
              kyselyIn(tx)
                .selectNoFrom((eb) => eb.cast(eb.fn("pg_sleep", [eb.lit(0.5)]), "text").as("slept"))
                .execute(),
            { maxWait: 100 },
          ),
        ),
      );
      const refused = results.flatMap((result) => (result.status === "rejected" ? [result.reason] : []));
      expect(refused.length).toBeGreaterThan(0);
      for (const error of refused) {
        expect((error as { code?: string }).code).toBe("P2028");
        const mapped = toAppError(error);
        expect(mapped.code).toBe("SERVICE_UNAVAILABLE");
        expect(mapped.headers).toMatchObject({ "retry-after": "1" });
      }
    } finally {
      await prisma.$disconnect();
    }
  });

  it("keeps anything it does not recognise a generic 500", () => {
    expect(toAppError(new Error("boom")).code).toBe("INTERNAL_SERVER_ERROR");
  });
});
