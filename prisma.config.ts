// Prisma CLI configuration: the JS schema engine over our fixed driver adapter, so that nothing is
// downloaded (Prisma 6.19's binary engines cannot be fetched here).
import "dotenv/config";
import path from "node:path";
import { defineConfig } from "prisma/config";
import { MigrateAdapterFactory } from "./prisma/migrate-adapter";

process.env.PRISMA_QUERY_ENGINE_LIBRARY ??= "/bin/false";
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= "/bin/false";
process.env.CHECKPOINT_DISABLE ??= "1";
// `prisma generate` needs a URL in the datasource block but never connects.
process.env.DATABASE_URL ??= "postgresql://localhost:5432/unused";

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: path.join("prisma", "schema.prisma"),
  migrations: {
    path: path.join("prisma", "migrations"),
    seed: "tsx --conditions=react-server prisma/seed.ts",
  },
  adapter: async () => new MigrateAdapterFactory(process.env.DATABASE_URL!),
});
