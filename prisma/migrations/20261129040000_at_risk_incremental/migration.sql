-- The at-risk pass, incremental (issue 36; docs/at-risk.md): each open request carries when it must be
-- measured again. The pass reads only the requests due (this index), instead of every open one each
-- minute. NULL: nothing can change until the request (or one of its sites) is written.
ALTER TABLE "MovementRequest" ADD COLUMN "atRiskCheckAt" TIMESTAMP(3);

-- Due now: a fixed instant in the past, so that a pass asked at any time (tests ask years ahead or
-- back) measures it, and the due marks come first in the index's order.
UPDATE "MovementRequest" SET "atRiskCheckAt" = '1970-01-01'
  WHERE "status" NOT IN ('DELIVERED', 'CANCELLED', 'ABORTED');

CREATE INDEX "MovementRequest_at_risk_check_idx" ON "MovementRequest"("atRiskCheckAt")
  WHERE "atRiskCheckAt" IS NOT NULL;

-- Every writer marks what it changed: a request created, or changed in anything the rule reads, is due
-- now; a finished one is never due (the pass clears its flag through the flagged requests' index). A
-- write that sets "atRiskCheckAt" itself (the pass) is trusted.
CREATE FUNCTION "at_risk_mark_request"() RETURNS trigger AS $$
BEGIN
  IF NEW."status" IN ('DELIVERED', 'CANCELLED', 'ABORTED') THEN
    NEW."atRiskCheckAt" := NULL;
  ELSIF TG_OP = 'INSERT' THEN
    NEW."atRiskCheckAt" := '1970-01-01';
  ELSIF NEW."atRiskCheckAt" IS NOT DISTINCT FROM OLD."atRiskCheckAt"
    AND (OLD."status", OLD."organisationId", OLD."transportMethod", OLD."originSiteId", OLD."destinationSiteId",
         OLD."readyToCollectFromDate", OLD."readyToCollectFromTimeslot", OLD."deliveryByDate",
         OLD."deliveryByTimeslot", OLD."deliveryByTime", OLD."createdAt", OLD."atRiskSince", OLD."expectedArrivalAt")
      IS DISTINCT FROM
        (NEW."status", NEW."organisationId", NEW."transportMethod", NEW."originSiteId", NEW."destinationSiteId",
         NEW."readyToCollectFromDate", NEW."readyToCollectFromTimeslot", NEW."deliveryByDate",
         NEW."deliveryByTimeslot", NEW."deliveryByTime", NEW."createdAt", NEW."atRiskSince", NEW."expectedArrivalAt")
  THEN
    NEW."atRiskCheckAt" := '1970-01-01';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "MovementRequest_at_risk_mark" BEFORE INSERT OR UPDATE ON "MovementRequest"
  FOR EACH ROW EXECUTE FUNCTION "at_risk_mark_request"();

-- A site's zone or place moves the deadline, the ready time or the fallback's distance of its open
-- requests.
CREATE FUNCTION "at_risk_mark_site_requests"() RETURNS trigger AS $$
BEGIN
  UPDATE "MovementRequest" SET "atRiskCheckAt" = '1970-01-01'
   WHERE "organisationId" = NEW."organisationId"
     AND ("originSiteId" = NEW."id" OR "destinationSiteId" = NEW."id")
     AND "status" NOT IN ('DELIVERED', 'CANCELLED', 'ABORTED');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "Site_at_risk_mark" AFTER UPDATE ON "Site" FOR EACH ROW
  WHEN ((OLD."timezone", OLD."countryCode", OLD."latitude", OLD."longitude")
    IS DISTINCT FROM (NEW."timezone", NEW."countryCode", NEW."latitude", NEW."longitude"))
  EXECUTE FUNCTION "at_risk_mark_site_requests"();

-- The usual durations each organisation's requests were last measured with: when a relearning finds
-- others, every open request of the organisation is due.
CREATE TABLE "AtRiskLearnedDurations" (
    "organisationId" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,

    CONSTRAINT "AtRiskLearnedDurations_pkey" PRIMARY KEY ("organisationId")
);

ALTER TABLE "AtRiskLearnedDurations" ADD CONSTRAINT "AtRiskLearnedDurations_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;
