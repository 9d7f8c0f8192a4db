-- Issue #35 §5: the job page offers a number to call: the site's, else the organisation's dispatch desk.

-- AlterTable
ALTER TABLE "Organisation" ADD COLUMN     "dispatchPhone" TEXT;

-- AlterTable
ALTER TABLE "Site" ADD COLUMN     "phone" TEXT;
