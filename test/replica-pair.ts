// A real streaming replica for the read-replica tests: a primary and its replica of our own, started from
// Debian's PostgreSQL binaries (/usr/lib/postgresql/<version>/bin) in a temporary folder, on free ports.
// Our own primary, not the shared 127.0.0.1:5432: a pg_basebackup of that would copy every test and
// benchmark database, and its settings (replication in pg_hba) are the machine's, not ours. The replica is
// `pg_basebackup -R` of the primary (streaming, hot standby); the tests pause its replay, kill it and
// start it again. Without the binaries, replicaBinaries() is undefined and the tests say they skip.
import { execFileSync, spawnSync } from "node:child_process";
import { appendFileSync, chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import pg from "pg";
import { answers, freePort } from "@/server/embedded-database.mjs";

const DEBIAN_POSTGRESQL = "/usr/lib/postgresql";
const TOOLS = ["initdb", "pg_ctl", "pg_basebackup", "postgres"];

/** The newest Debian PostgreSQL whose server and pg_basebackup are installed, or undefined. */
export function replicaBinaries(): string | undefined {
  if (!existsSync(DEBIAN_POSTGRESQL)) return undefined;
  const versions = readdirSync(DEBIAN_POSTGRESQL)
    .filter((version) =>
      TOOLS.every((tool) => existsSync(path.join(DEBIAN_POSTGRESQL, version, "bin", tool))),
    )
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(DEBIAN_POSTGRESQL, versions[0], "bin") : undefined;
}

export type ReplicaPair = {
  primaryUrl: string;
  replicaUrl: string;
  /** Runs SQL on the replica itself (pg_wal_replay_pause(), …). */
  onReplica: (statement: string) => Promise<void>;
  /** An immediate shutdown: the replica's processes end at once, its connections drop. */
  killReplica: () => void;
  startReplica: () => Promise<void>;
  stop: () => void;
};

export async function startReplicaPair(bin: string, database = "vms"): Promise<ReplicaPair> {
  const folder = mkdtempSync(path.join(tmpdir(), "vms-replica-"));
  chmodSync(folder, 0o755);
  // As root, PostgreSQL runs as the postgres user (it refuses root).
  const asUser = userInfo().uid === 0 ? serverUser() : undefined;
  if (asUser) chownSync(folder, asUser.uid, asUser.gid);
  const run = (tool: string, args: string[]) =>
    execFileSync(path.join(bin, tool), args, { ...asUser, cwd: folder, stdio: ["ignore", "ignore", "pipe"] });
  const primaryDir = path.join(folder, "primary");
  const replicaDir = path.join(folder, "replica");
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const options = (port: number) =>
    `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${folder} -c fsync=off`;
  const start = (dir: string, port: number) =>
    run("pg_ctl", ["-D", dir, "-l", `${dir}.log`, "-o", options(port), "-w", "start"]);

  // initdb's pg_hba trusts local connections, replication included.
  run("initdb", ["-D", primaryDir, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8"]);
  appendFileSync(path.join(primaryDir, "postgresql.conf"), "\nwal_level = replica\nmax_wal_senders = 4\n");
  start(primaryDir, primaryPort);
  const primaryUrl = `postgresql://postgres@127.0.0.1:${primaryPort}/${database}`;
  const admin = new pg.Client({
    connectionString: `postgresql://postgres@127.0.0.1:${primaryPort}/postgres`,
  });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${database}"`);
  await admin.end();
  execFileSync("npx", ["prisma", "migrate", "deploy"], {
    env: { ...process.env, DATABASE_URL: primaryUrl },
    stdio: ["ignore", "ignore", "inherit"],
  });

  run("pg_basebackup", [
    "-h",
    "127.0.0.1",
    "-p",
    String(primaryPort),
    "-U",
    "postgres",
    "-D",
    replicaDir,
    "-R",
    "--checkpoint=fast",
  ]);
  const replicaUrl = `postgresql://postgres@127.0.0.1:${replicaPort}/${database}`;
  const startReplica = async () => {
    start(replicaDir, replicaPort);
    while (!(await answers(replicaUrl))) await new Promise((resolve) => setTimeout(resolve, 100));
  };
  await startReplica();

  return {
    primaryUrl,
    replicaUrl,
    onReplica: async (statement) => {
      const client = new pg.Client({ connectionString: replicaUrl });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    },
    killReplica: () => run("pg_ctl", ["-D", replicaDir, "-m", "immediate", "-w", "stop"]),
    startReplica,
    stop: () => {
      for (const dir of [replicaDir, primaryDir]) {
        spawnSync(path.join(bin, "pg_ctl"), ["-D", dir, "-m", "immediate", "-w", "stop"], {
          ...asUser,
          stdio: "ignore",
        });
      }
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

function serverUser(): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
  return { uid: id("-u"), gid: id("-g") };
}
