-- Issue 39 §2: the worker plans the pool with progress. A plan is stored PLANNING with what was asked
-- (its body null until planned), claimed by a planner, and FAILED if the planner fails. The dispatcher's
-- locked choices are kept for re-planning the rest.
ALTER TYPE "PoolPlanStatus" ADD VALUE 'PLANNING' BEFORE 'PROPOSED';
ALTER TYPE "PoolPlanStatus" ADD VALUE 'FAILED';

ALTER TABLE "PoolPlan"
  ADD COLUMN "requestIds" TEXT[] DEFAULT ARRAY[]::TEXT[],
  ADD COLUMN "progress" INTEGER NOT NULL DEFAULT 100,
  ADD COLUMN "locks" JSONB NOT NULL DEFAULT '{}',
  ADD COLUMN "planningClaimedAt" TIMESTAMP(3),
  ALTER COLUMN "body" DROP NOT NULL,
  ALTER COLUMN "requestVersions" DROP NOT NULL;
