-- Reports (issue 17 §4): the prep charts' roll-ups. A median or a 90th percentile cannot be summed, so
-- each (site, stage, business area) keeps a histogram of the values on a logarithmic scale:
-- bucket = round(50 · ln(1 + value)), 2 % steps of (1 + value), the value being hours in a stage
-- (working hours when counted, else elapsed) or days from a job's creation to OUTBOUND; with the sum of
-- the values, so that a bucket stands for its values' mean (exact when they are one value). Per UTC day, and
-- summed per ISO week ("days" = 7, "day" its Monday): a year reads 52 weeks and at most 12 edge days.
-- Kept by the same worker pass as 20261127020000_report_rollups, from the same ReportDirtyDay marks.
CREATE TABLE "ReportStageHistogram" (
    "organisationId" TEXT NOT NULL,
    "days" SMALLINT NOT NULL,
    "day" DATE NOT NULL,
    "prepSiteId" TEXT NOT NULL,
    "stage" "PrepJobStage" NOT NULL,
    "businessArea" "BusinessArea" NOT NULL,
    "bucket" INTEGER NOT NULL,
    "stays" INTEGER NOT NULL,
    "valueSum" DOUBLE PRECISION NOT NULL,

    CONSTRAINT "ReportStageHistogram_pkey" PRIMARY KEY ("organisationId", "days", "day", "prepSiteId", "stage", "businessArea", "bucket")
);

CREATE TABLE "ReportFrontlineHistogram" (
    "organisationId" TEXT NOT NULL,
    "days" SMALLINT NOT NULL,
    "day" DATE NOT NULL,
    "prepSiteId" TEXT NOT NULL,
    "businessArea" "BusinessArea" NOT NULL,
    "bucket" INTEGER NOT NULL,
    "jobs" INTEGER NOT NULL,
    "valueSum" DOUBLE PRECISION NOT NULL,

    CONSTRAINT "ReportFrontlineHistogram_pkey" PRIMARY KEY ("organisationId", "days", "day", "prepSiteId", "businessArea", "bucket")
);

-- Stays: the day one ended (stage time; its working time filled later re-marks it) and the day an
-- OUTBOUND stay began (days to frontline), before and after.
CREATE FUNCTION "report_mark_stay_days"() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "report_mark_days"(ARRAY(
      SELECT ROW(n."organisationId", d, 0)::"ReportDirtyDay" FROM new_rows n,
        unnest(ARRAY[n."leftAt"::date, CASE WHEN n."stage" = 'OUTBOUND' THEN n."enteredAt"::date END]) d));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "report_mark_days"(ARRAY(
      SELECT ROW(o."organisationId", d, 0)::"ReportDirtyDay" FROM old_rows o,
        unnest(ARRAY[o."leftAt"::date, CASE WHEN o."stage" = 'OUTBOUND' THEN o."enteredAt"::date END]) d));
  ELSE
    PERFORM "report_mark_days"(ARRAY(
      SELECT ROW(o."organisationId", d, 0)::"ReportDirtyDay"
        FROM old_rows o JOIN new_rows n
          ON n."prepJobId" = o."prepJobId" AND n."enteredAt" = o."enteredAt" AND n."stage" = o."stage",
        unnest(ARRAY[o."leftAt"::date, n."leftAt"::date,
                     CASE WHEN o."stage" = 'OUTBOUND' THEN o."enteredAt"::date END]) d
       WHERE (o."leftAt", o."workingSeconds", o."prepSiteId", o."businessArea")
         IS DISTINCT FROM (n."leftAt", n."workingSeconds", n."prepSiteId", n."businessArea")));
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "PrepJobStageSpell_report_insert" AFTER INSERT ON "PrepJobStageSpell"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_mark_stay_days"();
CREATE TRIGGER "PrepJobStageSpell_report_update" AFTER UPDATE ON "PrepJobStageSpell"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_mark_stay_days"();
CREATE TRIGGER "PrepJobStageSpell_report_delete" AFTER DELETE ON "PrepJobStageSpell"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_mark_stay_days"();

-- Back-fill: the days that hold a stay's end or an OUTBOUND entry.
INSERT INTO "ReportDirtyDay" ("organisationId", "day")
SELECT "organisationId", "leftAt"::date FROM "PrepJobStageSpell" WHERE "leftAt" IS NOT NULL
UNION
SELECT "organisationId", "enteredAt"::date FROM "PrepJobStageSpell" WHERE "stage" = 'OUTBOUND'
ON CONFLICT DO NOTHING;
