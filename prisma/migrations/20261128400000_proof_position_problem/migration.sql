-- Issue #35 §5: a proof without a position says why (the driver refused, the page's policy blocked it,
-- no fix in time, no GPS), so the board stops blaming the phone for all of them.

-- CreateEnum
CREATE TYPE "PositionProblem" AS ENUM ('REFUSED', 'BLOCKED', 'NO_FIX', 'NO_GPS');

-- AlterTable
ALTER TABLE "Proof" ADD COLUMN     "positionProblem" "PositionProblem";
