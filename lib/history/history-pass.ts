// The worker's pass over the history tables (docs/operations.md, "History partitions"): finish any
// online move into partitions, make the partitions ahead, then archive and drop the expired months.
import { completeOnlineMigrations } from "@/lib/history/complete-online-migration";
import { expirePartitions } from "@/lib/history/expire-partitions";
import { maintainPartitions } from "@/lib/history/maintain-partitions";

export async function runHistoryPass(options: { signal?: AbortSignal; now?: Date } = {}) {
  const partitioned = await completeOnlineMigrations({ signal: options.signal });
  const madePartitions = await maintainPartitions(options.now);
  const expired = await expirePartitions(options.now, { signal: options.signal });
  return { partitioned, madePartitions, expired };
}
