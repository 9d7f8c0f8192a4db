// `npm run db:migration:new -- <name>`: writes prisma/migrations/<timestamp>_<name>/migration.sql with
// the SQL that takes the committed migrations to the current schema. Stands in for `prisma migrate dev`,
// which cannot run without Prisma's downloaded engines. Needs DATABASE_URL with CREATEDB (shadow database).
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error("usage: npm run db:migration:new -- <snake_case_name>");
  process.exit(2);
}

const sql = execFileSync(
  "npx",
  [
    "prisma",
    "migrate",
    "diff",
    "--from-migrations",
    "prisma/migrations",
    "--to-schema-datamodel",
    "prisma/schema.prisma",
    "--script",
  ],
  { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
);
if (!/\b(CREATE|ALTER|DROP)\b/.test(sql)) {
  console.log("The schema matches the migrations: nothing to write.");
  process.exit(0);
}
const stamp = new Date()
  .toISOString()
  .replace(/[-:TZ.]/g, "")
  .slice(0, 14);
const dir = path.join("prisma", "migrations", `${stamp}_${name}`);
mkdirSync(dir, { recursive: true });
writeFileSync(path.join(dir, "migration.sql"), sql);
console.log(`Wrote ${dir}/migration.sql`);
