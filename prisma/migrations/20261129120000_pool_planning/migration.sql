-- The planner (issue 39; docs/planning.md): drivers' homes, hours, days off, licence and rate; the
-- organisation's lateness penalty, default driver rate and repositioning; proposed plans of the pool.
CREATE TYPE "RepositioningMode" AS ENUM ('PUBLIC_TRANSPORT', 'CHASE_CAR');
CREATE TYPE "PoolPlanStatus" AS ENUM ('PROPOSED', 'ACCEPTED', 'PARTLY_ACCEPTED', 'EXPIRED');

ALTER TABLE "Organisation"
  ADD COLUMN "latenessPenaltyPerHourCents" INTEGER NOT NULL DEFAULT 2500,
  ADD COLUMN "driverCostPerHourCents" INTEGER NOT NULL DEFAULT 1800,
  ADD COLUMN "repositioningMode" "RepositioningMode" NOT NULL DEFAULT 'PUBLIC_TRANSPORT',
  ADD COLUMN "publicTransportFactor" DOUBLE PRECISION NOT NULL DEFAULT 1.5,
  ADD COLUMN "chaseCarCostPerKmCents" INTEGER NOT NULL DEFAULT 45;

ALTER TABLE "Driver"
  ADD COLUMN "homeSiteId" TEXT,
  ADD COLUMN "workingHours" JSONB NOT NULL DEFAULT '{"mon":{"start":"08:00","end":"17:00"},"tue":{"start":"08:00","end":"17:00"},"wed":{"start":"08:00","end":"17:00"},"thu":{"start":"08:00","end":"17:00"},"fri":{"start":"08:00","end":"17:00"}}',
  ADD COLUMN "daysOff" JSONB NOT NULL DEFAULT '[]',
  ADD COLUMN "transporterLicence" BOOLEAN NOT NULL DEFAULT false,
  ADD COLUMN "costPerHourCents" INTEGER;
ALTER TABLE "Driver" ADD CONSTRAINT "Driver_homeSiteId_fkey" FOREIGN KEY ("homeSiteId") REFERENCES "Site"("id") ON DELETE SET NULL ON UPDATE CASCADE;

CREATE TABLE "PoolPlan" (
    "id" TEXT NOT NULL,
    "organisationId" TEXT NOT NULL,
    "profileId" TEXT,
    "status" "PoolPlanStatus" NOT NULL DEFAULT 'PROPOSED',
    "fromDate" DATE NOT NULL,
    "toDate" DATE NOT NULL,
    "body" JSONB NOT NULL,
    "requestVersions" JSONB NOT NULL,
    "acceptedRequestIds" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "createdBy" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PoolPlan_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "PoolPlan_organisationId_createdAt_idx" ON "PoolPlan"("organisationId", "createdAt" DESC);
ALTER TABLE "PoolPlan" ADD CONSTRAINT "PoolPlan_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;
