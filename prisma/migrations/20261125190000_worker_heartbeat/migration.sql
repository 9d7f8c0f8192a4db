-- CreateTable
-- One row per running event worker: when its loop last went round. Any process (the metrics endpoint,
-- the system page) reads the heartbeat from here. UNLOGGED: a heartbeat needs no crash safety.
CREATE UNLOGGED TABLE "WorkerHeartbeat" (
    "workerId" TEXT NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL,
    "lastLoopAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "WorkerHeartbeat_pkey" PRIMARY KEY ("workerId")
);

-- CreateIndex
CREATE INDEX "WorkerHeartbeat_lastLoopAt_idx" ON "WorkerHeartbeat"("lastLoopAt");

-- CreateTable
-- The webhook backlog once a minute, sampled by the worker: the /system page's sparkline of the last
-- hour, without scanning the deliveries. UNLOGGED: losing an hour of samples in a crash is harmless.
CREATE UNLOGGED TABLE "WebhookBacklogSample" (
    "minute" TIMESTAMP(3) NOT NULL,
    "backlog" INTEGER NOT NULL,
    "oldestPendingAgeSeconds" INTEGER NOT NULL,

    CONSTRAINT "WebhookBacklogSample_pkey" PRIMARY KEY ("minute")
);
