-- CreateTable
-- Read-your-writes with read replicas (lib/read-replicas): per caller (an API key, a staff user), the
-- primary's WAL position after its last write, shared by every process and instance. Its reads go to
-- the primary until a replica has replayed this position. UNLOGGED: a crash forgets the positions, and
-- the replicas restart from the primary's WAL anyway; writing one makes no WAL of its own.
CREATE UNLOGGED TABLE "ReadFence" (
    "caller" TEXT NOT NULL,
    "lsn" TEXT NOT NULL,
    "recordedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ReadFence_pkey" PRIMARY KEY ("caller")
);
