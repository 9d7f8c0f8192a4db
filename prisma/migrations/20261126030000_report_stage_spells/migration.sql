-- Reports (issue 17 §3): a prep job's time in each stage. A job row keeps only its current stage, and
-- the events that tell its history are purged after 30 or 90 days, so every stage a job enters is
-- written here as a spell (entered, left). A trigger keeps it, so every writer (the stage rules'
-- transaction, seeds, hand-written SQL) gets it right; the worker fills "workingSeconds" of the closed
-- spells of sites with opening hours (lib/reports/roll-up-working-hours.ts).
CREATE TABLE "PrepJobStageSpell" (
    "prepJobId" TEXT NOT NULL,
    "organisationId" TEXT NOT NULL,
    "prepSiteId" TEXT,
    "businessArea" "BusinessArea" NOT NULL,
    "stage" "PrepJobStage" NOT NULL,
    "enteredAt" TIMESTAMP(3) NOT NULL,
    "leftAt" TIMESTAMP(3),
    "workingSeconds" INTEGER,

    CONSTRAINT "PrepJobStageSpell_pkey" PRIMARY KEY ("prepJobId", "enteredAt", "stage")
);

ALTER TABLE "PrepJobStageSpell" ADD CONSTRAINT "PrepJobStageSpell_prepJobId_fkey"
  FOREIGN KEY ("prepJobId") REFERENCES "PrepJob"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The reports: an organisation's spells of one stage that ended (or began: OUTBOUND) in a date range.
CREATE INDEX "PrepJobStageSpell_report_left_idx"
  ON "PrepJobStageSpell"("organisationId", "leftAt") INCLUDE ("prepSiteId", "businessArea", "stage", "enteredAt", "workingSeconds")
  WHERE "leftAt" IS NOT NULL;
CREATE INDEX "PrepJobStageSpell_report_outbound_idx"
  ON "PrepJobStageSpell"("organisationId", "enteredAt") INCLUDE ("prepSiteId", "businessArea", "prepJobId")
  WHERE "stage" = 'OUTBOUND';
-- The worker's roll-up: closed spells whose working time is still to be counted.
CREATE INDEX "PrepJobStageSpell_working_todo_idx" ON "PrepJobStageSpell"("prepSiteId")
  WHERE "leftAt" IS NOT NULL AND "workingSeconds" IS NULL;

-- Jobs already there: their current stage, from its last change (the earlier stages are not known).
INSERT INTO "PrepJobStageSpell" ("prepJobId", "organisationId", "prepSiteId", "businessArea", "stage", "enteredAt")
SELECT "id", "organisationId", "prepSiteId", "businessArea", "stage", "stageChangedAt" FROM "PrepJob";

CREATE FUNCTION "prep_job_record_stage_spell"() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW."stage" = OLD."stage" THEN
    -- Same stage: the open spell follows the job's site and business area (a parked job gets its site).
    IF NEW."prepSiteId" IS DISTINCT FROM OLD."prepSiteId" OR NEW."businessArea" <> OLD."businessArea" THEN
      UPDATE "PrepJobStageSpell" SET "prepSiteId" = NEW."prepSiteId", "businessArea" = NEW."businessArea"
       WHERE "prepJobId" = NEW."id" AND "leftAt" IS NULL;
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    UPDATE "PrepJobStageSpell" SET "leftAt" = NEW."stageChangedAt"
     WHERE "prepJobId" = NEW."id" AND "leftAt" IS NULL;
  END IF;
  INSERT INTO "PrepJobStageSpell" ("prepJobId", "organisationId", "prepSiteId", "businessArea", "stage", "enteredAt")
  VALUES (NEW."id", NEW."organisationId", NEW."prepSiteId", NEW."businessArea", NEW."stage", NEW."stageChangedAt")
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "prep_job_stage_spell"
  AFTER INSERT OR UPDATE OF "stage", "prepSiteId", "businessArea" ON "PrepJob"
  FOR EACH ROW EXECUTE FUNCTION "prep_job_record_stage_spell"();
