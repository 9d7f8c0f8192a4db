// Direct access to the e2e server's database (start-e2e-server.mjs creates it), for arranging rows
// that no endpoint creates, such as system notices.
import pg from "pg";

export function e2eDatabaseUrl(): string {
  const url = new URL(process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres");
  url.pathname = `/${process.env.E2E_DATABASE_NAME ?? "vms_e2e"}`;
  return url.toString();
}

export async function withE2eDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
