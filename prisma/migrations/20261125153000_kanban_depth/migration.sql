-- The kanban in depth (issue 12 §2) and at a busy site (issue 15 §4): notes on prep jobs, per-site kanban
-- settings, and a finishedAt column so the board reads only open jobs (and those finished lately).

-- AlterTable
ALTER TABLE "PrepJob" ADD COLUMN "finishedAt" TIMESTAMP(3);

-- Jobs already finished: the last update is the best instant we have (the board showed them 7 days
-- after it before).
UPDATE "PrepJob" SET "finishedAt" = "updatedAt" WHERE "stage" = 'OUTBOUND' AND "substage" = 'DELIVERED';

-- Every writer (the stage rules' transaction, seeds, benchmarks, hand-written SQL) keeps finishedAt
-- right through this trigger: set when a job reaches OUTBOUND/DELIVERED, kept while it stays there,
-- cleared when it leaves. Prisma does not model triggers; `migrate diff` leaves them alone.
CREATE FUNCTION "prep_job_set_finished_at"() RETURNS trigger AS $$
BEGIN
  IF NEW."stage" = 'OUTBOUND' AND NEW."substage" IS NOT DISTINCT FROM 'DELIVERED' THEN
    IF TG_OP = 'UPDATE' AND OLD."stage" = 'OUTBOUND' AND OLD."substage" IS NOT DISTINCT FROM 'DELIVERED' THEN
      NEW."finishedAt" := COALESCE(NEW."finishedAt", OLD."finishedAt", NEW."updatedAt");
    ELSE
      NEW."finishedAt" := COALESCE(NEW."finishedAt", NEW."updatedAt");
    END IF;
  ELSE
    NEW."finishedAt" := NULL;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "prep_job_finished_at"
  BEFORE INSERT OR UPDATE OF "stage", "substage", "finishedAt" ON "PrepJob"
  FOR EACH ROW EXECUTE FUNCTION "prep_job_set_finished_at"();

-- CreateTable
CREATE TABLE "PrepJobNote" (
    "id" TEXT NOT NULL,
    "organisationId" TEXT NOT NULL,
    "prepJobId" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "author" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PrepJobNote_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PrepSiteSettings" (
    "siteId" TEXT NOT NULL,
    "organisationId" TEXT NOT NULL,
    "wipLimits" JSONB NOT NULL DEFAULT '{}',
    "ageingThresholds" JSONB NOT NULL DEFAULT '{}',
    "openingHours" JSONB,
    "closedDays" JSONB NOT NULL DEFAULT '[]',
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "updatedBy" TEXT NOT NULL,

    CONSTRAINT "PrepSiteSettings_pkey" PRIMARY KEY ("siteId")
);

-- CreateIndex
CREATE INDEX "PrepJob_prepSiteId_finishedAt_idx" ON "PrepJob"("prepSiteId", "finishedAt");

-- CreateIndex
CREATE INDEX "PrepJob_prepSiteId_stage_substage_stageChangedAt_idx" ON "PrepJob"("prepSiteId", "stage", "substage", "stageChangedAt");

-- CreateIndex
CREATE INDEX "PrepJobNote_prepJobId_createdAt_idx" ON "PrepJobNote"("prepJobId", "createdAt");

-- CreateIndex
CREATE INDEX "PrepSiteSettings_organisationId_idx" ON "PrepSiteSettings"("organisationId");

-- AddForeignKey
ALTER TABLE "PrepJobNote" ADD CONSTRAINT "PrepJobNote_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PrepJobNote" ADD CONSTRAINT "PrepJobNote_prepJobId_fkey" FOREIGN KEY ("prepJobId") REFERENCES "PrepJob"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PrepSiteSettings" ADD CONSTRAINT "PrepSiteSettings_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PrepSiteSettings" ADD CONSTRAINT "PrepSiteSettings_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE CASCADE ON UPDATE CASCADE;
