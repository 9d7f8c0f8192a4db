-- The recon reports' roll-ups (docs/recon.md, "In the reports"): per prep job, its work items' cost by
-- category, its time from arrival to the frontline split by cause, and its approvers' decisions; and the
-- jobs marked for the worker to recompute them.

CREATE TABLE "ReconReportDirtyJob" (
    "prepJobId" TEXT NOT NULL,
    "organisationId" TEXT NOT NULL,
    "version" BIGSERIAL NOT NULL,

    CONSTRAINT "ReconReportDirtyJob_pkey" PRIMARY KEY ("prepJobId")
);

CREATE TABLE "ReconCostReport" (
    "prepJobId" TEXT NOT NULL,
    "category" "ReconCategory" NOT NULL,
    "currency" CHAR(3) NOT NULL,
    "organisationId" TEXT NOT NULL,
    "prepSiteId" TEXT NOT NULL,
    "businessArea" "BusinessArea" NOT NULL,
    "make" TEXT,
    "model" TEXT,
    "frontlineAt" TIMESTAMP(3) NOT NULL,
    "items" INTEGER NOT NULL,
    "declined" INTEGER NOT NULL,
    "done" INTEGER NOT NULL,
    "estimatedCents" INTEGER NOT NULL,
    "declinedCents" INTEGER NOT NULL,
    "doneEstimatedCents" INTEGER NOT NULL,
    "actualCents" INTEGER NOT NULL,

    CONSTRAINT "ReconCostReport_pkey" PRIMARY KEY ("prepJobId", "category", "currency")
);
CREATE INDEX "ReconCostReport_organisationId_frontlineAt_idx" ON "ReconCostReport"("organisationId", "frontlineAt");

CREATE TABLE "ReconWaitReport" (
    "prepJobId" TEXT NOT NULL,
    "organisationId" TEXT NOT NULL,
    "prepSiteId" TEXT NOT NULL,
    "businessArea" "BusinessArea" NOT NULL,
    "arrivedAt" TIMESTAMP(3) NOT NULL,
    "frontlineAt" TIMESTAMP(3) NOT NULL,
    "approvalSeconds" INTEGER NOT NULL,
    "partsSeconds" INTEGER NOT NULL,
    "subletSeconds" INTEGER NOT NULL,
    "workSeconds" INTEGER NOT NULL,
    "idleSeconds" INTEGER NOT NULL,
    "workingHours" BOOLEAN NOT NULL,

    CONSTRAINT "ReconWaitReport_pkey" PRIMARY KEY ("prepJobId")
);
CREATE INDEX "ReconWaitReport_organisationId_frontlineAt_idx" ON "ReconWaitReport"("organisationId", "frontlineAt");

CREATE TABLE "ReconApprovalReport" (
    "stateChangeId" TEXT NOT NULL,
    "organisationId" TEXT NOT NULL,
    "prepJobId" TEXT NOT NULL,
    "prepSiteId" TEXT NOT NULL,
    "businessArea" "BusinessArea" NOT NULL,
    "approver" TEXT NOT NULL,
    "decidedAt" TIMESTAMP(3) NOT NULL,
    "approved" BOOLEAN NOT NULL,
    "waitedSeconds" INTEGER NOT NULL,
    "workingHours" BOOLEAN NOT NULL,

    CONSTRAINT "ReconApprovalReport_pkey" PRIMARY KEY ("stateChangeId")
);
CREATE INDEX "ReconApprovalReport_organisationId_decidedAt_idx" ON "ReconApprovalReport"("organisationId", "decidedAt");
CREATE INDEX "ReconApprovalReport_prepJobId_idx" ON "ReconApprovalReport"("prepJobId");

-- Marks jobs (organisationId, prepJobId); a job marked again gets a new version, so a pass that read the
-- old mark leaves the new one for the next pass.
CREATE FUNCTION "recon_mark_jobs"("jobs" "ReconReportDirtyJob"[]) RETURNS void AS $$
  INSERT INTO "ReconReportDirtyJob" ("prepJobId", "organisationId")
  SELECT DISTINCT j."prepJobId", j."organisationId" FROM unnest("jobs") j
  ORDER BY 1
  ON CONFLICT ("prepJobId") DO UPDATE SET "version" = nextval('"ReconReportDirtyJob_version_seq"');
$$ LANGUAGE sql;

-- Every state an item enters (its creation too) changes its job's figures.
CREATE FUNCTION "recon_mark_state_change_jobs"() RETURNS trigger AS $$
BEGIN
  PERFORM "recon_mark_jobs"(ARRAY(
    SELECT ROW(n."prepJobId", n."organisationId", 0)::"ReconReportDirtyJob" FROM new_rows n));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER "ReconWorkItemStateChange_report_insert" AFTER INSERT ON "ReconWorkItemStateChange"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "recon_mark_state_change_jobs"();

-- An edit of an item's category, estimate or actual cost (no state change), or its removal.
CREATE FUNCTION "recon_mark_item_jobs"() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM "recon_mark_jobs"(ARRAY(
      SELECT ROW(o."prepJobId", o."organisationId", 0)::"ReconReportDirtyJob" FROM old_rows o));
  ELSE
    PERFORM "recon_mark_jobs"(ARRAY(
      SELECT ROW(n."prepJobId", n."organisationId", 0)::"ReconReportDirtyJob"
        FROM old_rows o JOIN new_rows n ON n."id" = o."id"
       WHERE (o."category", o."currency", o."estimatedCents", o."actualCents")
             IS DISTINCT FROM (n."category", n."currency", n."estimatedCents", n."actualCents")));
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER "ReconWorkItem_report_update" AFTER UPDATE ON "ReconWorkItem"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "recon_mark_item_jobs"();
CREATE TRIGGER "ReconWorkItem_report_delete" AFTER DELETE ON "ReconWorkItem"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "recon_mark_item_jobs"();

-- A job with work items that arrives or reaches the frontline: its window from arrival to the frontline
-- moved. Jobs without items are not marked (most jobs, at scale).
CREATE FUNCTION "recon_mark_spell_jobs"() RETURNS trigger AS $$
BEGIN
  PERFORM "recon_mark_jobs"(ARRAY(
    SELECT ROW(n."prepJobId", n."organisationId", 0)::"ReconReportDirtyJob" FROM new_rows n
     WHERE n."stage" IN ('ARRIVED', 'OUTBOUND')
       AND EXISTS (SELECT 1 FROM "ReconWorkItem" i WHERE i."prepJobId" = n."prepJobId")));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER "PrepJobStageSpell_recon_report_insert" AFTER INSERT ON "PrepJobStageSpell"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "recon_mark_spell_jobs"();

-- Back-fill: every job with work items; the worker's first passes compute them.
INSERT INTO "ReconReportDirtyJob" ("prepJobId", "organisationId")
SELECT DISTINCT "prepJobId", "organisationId" FROM "ReconWorkItem";
