// Read-your-writes: per caller, the primary's WAL position after its last write. Kept in this process's
// memory (bounded) and in the UNLOGGED table "ReadFence" on the primary, which every process and
// instance reads: a caller whose next request lands on another web process still has its fence.
import { kysely, sql } from "@/lib/db";
import { formatLsn, parseLsn } from "@/lib/read-replicas/lsn";

/** Callers remembered in memory; the oldest is forgotten first (the table still has it). */
const MEMORY_BOUND = 10_000;

const globalForFences = globalThis as unknown as { vmsReadFences?: Map<string, bigint> };
const remembered = (globalForFences.vmsReadFences ??= new Map<string, bigint>());

function remember(caller: string, lsn: bigint): void {
  const known = remembered.get(caller) ?? 0n;
  remembered.delete(caller);
  remembered.set(caller, known > lsn ? known : lsn);
  if (remembered.size > MEMORY_BOUND) remembered.delete(remembered.keys().next().value as string);
}

/**
 * After `caller`'s write has committed: the primary's insert position now is at or past that write's
 * commit record. Kept as the greater of it and what the table holds (two processes may race).
 */
export async function recordFence(caller: string): Promise<bigint> {
  const { rows } = await sql<{ lsn: string }>`
    insert into "ReadFence" (caller, lsn, "recordedAt")
    values (${caller}, pg_current_wal_insert_lsn()::text, now())
    on conflict (caller) do update
      set lsn = greatest("ReadFence".lsn::pg_lsn, excluded.lsn::pg_lsn)::text,
          "recordedAt" = excluded."recordedAt"
    returning lsn`.execute(kysely());
  const lsn = parseLsn(rows[0]!.lsn);
  remember(caller, lsn);
  return lsn;
}

/** The position a replica must have replayed before `caller` may read from it (0: none). */
export async function fenceOf(caller: string): Promise<bigint> {
  const row = await kysely()
    .selectFrom("ReadFence")
    .select("lsn")
    .where("caller", "=", caller)
    .executeTakeFirst();
  const shared = row ? parseLsn(row.lsn) : 0n;
  const local = remembered.get(caller) ?? 0n;
  return shared > local ? shared : local;
}

/** Forgets the fences that every replica has replayed: they no longer hold anyone to the primary. */
export async function pruneFences(replayedEverywhere: bigint): Promise<void> {
  for (const [caller, lsn] of remembered) if (lsn <= replayedEverywhere) remembered.delete(caller);
  await kysely()
    .deleteFrom("ReadFence")
    .where(sql<boolean>`lsn::pg_lsn <= ${formatLsn(replayedEverywhere)}::pg_lsn`)
    .execute();
}
