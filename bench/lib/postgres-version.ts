// The PostgreSQL server's version, for the machine section of a result.
import { withClient } from "@/bench/lib/database";

export async function postgresVersion(): Promise<string | undefined> {
  const url = process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ server_version: string }>("SHOW server_version");
    return rows[0]?.server_version;
  });
}
