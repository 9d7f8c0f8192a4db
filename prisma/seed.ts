// Demo data: `npx tsx --conditions=react-server prisma/seed.ts [--if-empty] [--reset]`.
// Never duplicates: it seeds only an empty database (no organisation), unless --reset empties it first.
import { env, requireDatabaseUrl } from "@/lib/env";
import { createPrismaClient } from "./client";
import { seedDemo } from "./seed/demo";
import { truncateAllTables } from "./seed/reset";
import { demoSubletLinkUrl } from "./seed/sublet";
import { seededCounts } from "./seed/summary";

// Serialises concurrent seed runs (e.g. two containers starting at once).
const SEED_LOCK_KEY = 7_402_113;

async function main(): Promise<void> {
  const args = new Set(process.argv.slice(2));
  const reset = args.has("--reset");
  const quietIfSeeded = args.has("--if-empty");
  const db = createPrismaClient(requireDatabaseUrl(), 2);
  try {
    const outcome = await db.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`;
        if (reset) await truncateAllTables(tx);
        const existing = await tx.organisation.count();
        if (existing > 0) return { seeded: false as const, existing };
        await seedDemo(tx, new Date());
        return {
          seeded: true as const,
          counts: await seededCounts(tx),
          subletLink: await demoSubletLinkUrl(tx),
        };
      },
      { maxWait: 30_000, timeout: 300_000 },
    );
    if (!outcome.seeded) {
      console.log(
        quietIfSeeded
          ? `Seed skipped: the database already has data (${outcome.existing} organisations).`
          : `The database already has data (${outcome.existing} organisations): nothing seeded. Use --reset to replace it with the demo data.`,
      );
      return;
    }
    console.log(`Demo data seeded${reset ? " (after --reset)" : ""}:`);
    for (const [name, count] of Object.entries(outcome.counts)) console.log(`  ${name}: ${count}`);
    if (outcome.subletLink) {
      console.log(
        `A sublet vendor's link (no account; the card's drawer on /prep-jobs shows it too): ${outcome.subletLink}`,
      );
    }
    console.log(
      `Staff password: DEMO_PASSWORD (${env().DEMO_PASSWORD === "demo-password" ? "default demo-password" : "custom"}). API keys: DEMO_API_KEY_A, DEMO_API_KEY_B, DEMO_OPS_API_KEY.`,
    );
  } finally {
    await db.$disconnect();
  }
}

main().catch((error: unknown) => {
  console.error("Seed failed:", error);
  process.exitCode = 1;
});
