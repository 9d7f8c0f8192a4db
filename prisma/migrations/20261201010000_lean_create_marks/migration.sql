-- A create's report marks, cheaper (issue #38 §1: the database's time per create).
--
-- Legs are inserted only with their request, in the same statement (insertMovementRequest), and a new
-- request is never completed: the leg-insert trigger joined every new leg to its request to mark a
-- completion day that is always null. The request's own insert trigger marks its days.
DROP TRIGGER "Movement_report_insert" ON "Movement";

-- A new request marks its creation day (and its completion day, when it arrives completed) with one
-- INSERT, not an array handed to report_mark_days and unnested again.
CREATE OR REPLACE FUNCTION "report_mark_request_days"() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "ReportDirtyDay" ("organisationId", "day")
    SELECT DISTINCT n."organisationId", d FROM new_rows n,
      unnest(ARRAY[n."createdAt"::date, n."completedOn"::date]) d
    WHERE d IS NOT NULL;
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
