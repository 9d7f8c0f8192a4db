-- AlterTable
ALTER TABLE "Organisation" ADD COLUMN     "brandColour" CHAR(7),
ADD COLUMN     "brandLogoUrl" TEXT;
