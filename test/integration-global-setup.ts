// Once per run: a template database with every migration applied. Each test file then clones it
// (CREATE DATABASE … TEMPLATE), which takes milliseconds instead of a migration run.
import { execFileSync } from "node:child_process";
import pg from "pg";
import { databaseUrlFor, TEST_SERVER_URL, templateDatabaseName } from "@/test/test-database-url";

export default async function setup(): Promise<void> {
  const template = templateDatabaseName();
  const admin = new pg.Client({ connectionString: TEST_SERVER_URL });
  await admin.connect();
  try {
    const { rowCount } = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [template]);
    if (rowCount) return;
    const building = `${template}_building_${process.pid}`;
    await admin.query(`CREATE DATABASE "${building}"`);
    execFileSync("npx", ["prisma", "migrate", "deploy"], {
      env: { ...process.env, DATABASE_URL: databaseUrlFor(building) },
      stdio: ["ignore", "ignore", "inherit"],
    });
    // Renamed only once complete, so an interrupted run never leaves a half-built template.
    await admin.query(`ALTER DATABASE "${building}" RENAME TO "${template}"`);
  } finally {
    await admin.end();
  }
}
