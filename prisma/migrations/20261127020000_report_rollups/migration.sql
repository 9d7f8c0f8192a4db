-- Reports (issue 17 §4): daily roll-ups, so that a year of /reports reads a few thousand summed rows
-- instead of every delivered request and its last leg. Kept by the worker (lib/reports/rollups/):
-- triggers on the raw rows mark the (organisation, day) they touch in "ReportDirtyDay", in the writer's
-- own transaction; the worker's pass (one instance, under an advisory lock) recomputes those days from
-- the raw rows and clears the mark. A late write (a final price after delivery, a cancellation, a leg's
-- carrier changed, a site's time zone) re-marks its day; the report lags it by one worker pass.

-- The days to recompute. "version" changes on every new mark: the worker clears a mark only if it is
-- still the one it read, so a write that commits while the day is being recomputed is not lost.
CREATE SEQUENCE "ReportDirtyDay_version_seq";
CREATE TABLE "ReportDirtyDay" (
    "organisationId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "version" BIGINT NOT NULL DEFAULT nextval('"ReportDirtyDay_version_seq"'),

    CONSTRAINT "ReportDirtyDay_pkey" PRIMARY KEY ("organisationId", "day")
);

-- Requests delivered per UTC day of completedOn, per site ('' = every site; else once under the
-- origin and once under the destination), business area, carrier of the delivering leg ('' = none) and
-- the final price's currency ('' = not priced in the estimate's currency): delivered, on time, and the
-- sum of (final - estimate) of the priced ones.
CREATE TABLE "ReportDeliveryDay" (
    "organisationId" TEXT NOT NULL,
    "siteId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "businessArea" "BusinessArea" NOT NULL,
    "providerId" TEXT NOT NULL,
    "driverId" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "delivered" INTEGER NOT NULL,
    "onTime" INTEGER NOT NULL,
    "varianceCents" BIGINT NOT NULL,

    CONSTRAINT "ReportDeliveryDay_pkey" PRIMARY KEY ("organisationId", "siteId", "day", "businessArea", "providerId", "driverId", "currency")
);

-- The priced deliveries' variance in percent of a non-zero estimate, as a histogram of whole-percent
-- buckets (round(percent)): what the median and the 10th/90th percentiles are read from.
CREATE TABLE "ReportPriceVarianceDay" (
    "organisationId" TEXT NOT NULL,
    "siteId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "businessArea" "BusinessArea" NOT NULL,
    "providerId" TEXT NOT NULL,
    "driverId" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "percent" INTEGER NOT NULL,
    "priced" INTEGER NOT NULL,

    CONSTRAINT "ReportPriceVarianceDay_pkey" PRIMARY KEY ("organisationId", "siteId", "day", "businessArea", "providerId", "driverId", "currency", "percent")
);

-- Requests created per UTC day, per lane and business area: how many, delivered, called off.
CREATE TABLE "ReportLaneDay" (
    "organisationId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "businessArea" "BusinessArea" NOT NULL,
    "originSiteId" TEXT NOT NULL,
    "destinationSiteId" TEXT NOT NULL,
    "requests" INTEGER NOT NULL,
    "delivered" INTEGER NOT NULL,
    "calledOff" INTEGER NOT NULL,

    CONSTRAINT "ReportLaneDay_pkey" PRIMARY KEY ("organisationId", "day", "businessArea", "originSiteId", "destinationSiteId")
);

-- Marks days dirty; a day already marked gets a new version.
CREATE FUNCTION "report_mark_days"("days" "ReportDirtyDay"[]) RETURNS void AS $$
  INSERT INTO "ReportDirtyDay" ("organisationId", "day")
  SELECT DISTINCT d."organisationId", d."day" FROM unnest("days") d WHERE d."day" IS NOT NULL
  ORDER BY 1, 2
  ON CONFLICT ("organisationId", "day") DO UPDATE SET "version" = nextval('"ReportDirtyDay_version_seq"');
$$ LANGUAGE sql;

-- Requests: the day each was created (lanes) and delivered (delivery charts), before and after. An
-- update that changes nothing a report reads (the at-risk flags, notes…) marks nothing.
CREATE FUNCTION "report_mark_request_days"() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "report_mark_days"(ARRAY(
      SELECT ROW(n."organisationId", d, 0)::"ReportDirtyDay" FROM new_rows n,
        unnest(ARRAY[n."createdAt"::date, n."completedOn"::date]) d));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "report_mark_days"(ARRAY(
      SELECT ROW(o."organisationId", d, 0)::"ReportDirtyDay" FROM old_rows o,
        unnest(ARRAY[o."createdAt"::date, o."completedOn"::date]) d));
  ELSE
    PERFORM "report_mark_days"(ARRAY(
      SELECT ROW(o."organisationId", d, 0)::"ReportDirtyDay" FROM old_rows o JOIN new_rows n ON n."id" = o."id",
        unnest(ARRAY[o."createdAt"::date, o."completedOn"::date, n."createdAt"::date, n."completedOn"::date]) d
      WHERE (o."status", o."completedOn", o."createdAt", o."businessArea", o."originSiteId", o."destinationSiteId",
             o."deliveryByDate", o."deliveryByTime", o."deliveryByTimeslot", o."estimatedCostCents",
             o."estimatedCostCurrency", o."costCents", o."costCurrency")
        IS DISTINCT FROM
            (n."status", n."completedOn", n."createdAt", n."businessArea", n."originSiteId", n."destinationSiteId",
             n."deliveryByDate", n."deliveryByTime", n."deliveryByTimeslot", n."estimatedCostCents",
             n."estimatedCostCurrency", n."costCents", n."costCurrency")));
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "MovementRequest_report_insert" AFTER INSERT ON "MovementRequest"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_mark_request_days"();
CREATE TRIGGER "MovementRequest_report_update" AFTER UPDATE ON "MovementRequest"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_mark_request_days"();
CREATE TRIGGER "MovementRequest_report_delete" AFTER DELETE ON "MovementRequest"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_mark_request_days"();

-- Legs: the delivering carrier is the last leg's; a delivered request's day when a leg is added,
-- removed or changes carrier.
CREATE FUNCTION "report_mark_leg_days"() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "report_mark_days"(ARRAY(
      SELECT ROW(r."organisationId", r."completedOn"::date, 0)::"ReportDirtyDay"
        FROM new_rows n JOIN "MovementRequest" r ON r."id" = n."movementRequestId"));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "report_mark_days"(ARRAY(
      SELECT ROW(r."organisationId", r."completedOn"::date, 0)::"ReportDirtyDay"
        FROM old_rows o JOIN "MovementRequest" r ON r."id" = o."movementRequestId"));
  ELSE
    PERFORM "report_mark_days"(ARRAY(
      SELECT ROW(r."organisationId", r."completedOn"::date, 0)::"ReportDirtyDay"
        FROM old_rows o JOIN new_rows n ON n."id" = o."id",
        LATERAL unnest(ARRAY[o."movementRequestId", n."movementRequestId"]) m
        JOIN "MovementRequest" r ON r."id" = m
       WHERE (o."movementRequestId", o."legNumber", o."driverId", o."thirdPartyLogisticsProviderId")
         IS DISTINCT FROM (n."movementRequestId", n."legNumber", n."driverId", n."thirdPartyLogisticsProviderId")));
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "Movement_report_insert" AFTER INSERT ON "Movement"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_mark_leg_days"();
CREATE TRIGGER "Movement_report_update" AFTER UPDATE ON "Movement"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_mark_leg_days"();
CREATE TRIGGER "Movement_report_delete" AFTER DELETE ON "Movement"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_mark_leg_days"();

-- Sites: "on time" is judged on the destination's clock; a new zone (or country) re-marks every day
-- with a delivery to it.
CREATE FUNCTION "report_mark_site_days"() RETURNS trigger AS $$
BEGIN
  PERFORM "report_mark_days"(ARRAY(
    SELECT DISTINCT ROW(r."organisationId", r."completedOn"::date, 0)::"ReportDirtyDay"
      FROM old_rows o JOIN new_rows n ON n."id" = o."id"
      JOIN "MovementRequest" r ON r."destinationSiteId" = n."id" AND r."status" = 'DELIVERED'
     WHERE (o."timezone", o."countryCode") IS DISTINCT FROM (n."timezone", n."countryCode")));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "Site_report_update" AFTER UPDATE ON "Site"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_mark_site_days"();

-- Back-fill: every day that holds a request is marked; the worker's first passes compute them (a
-- year of a large group: tens of seconds; `npm run bench:reports` times it).
INSERT INTO "ReportDirtyDay" ("organisationId", "day")
SELECT "organisationId", "createdAt"::date FROM "MovementRequest"
UNION
SELECT "organisationId", "completedOn"::date FROM "MovementRequest" WHERE "completedOn" IS NOT NULL;
