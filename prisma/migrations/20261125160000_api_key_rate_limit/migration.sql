-- CreateTable
-- UNLOGGED: the counts of the current rate-limit windows need no crash safety, and skip the WAL.
CREATE UNLOGGED TABLE "ApiKeyRateLimit" (
    "apiKeyId" TEXT NOT NULL,
    "windowEndsAtMs" BIGINT NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "ApiKeyRateLimit_pkey" PRIMARY KEY ("apiKeyId")
);
