-- Issue #35 §5: customer and carrier e-mails in the organisation's brand, language and sender name.

-- AlterTable
ALTER TABLE "Organisation" ADD COLUMN     "locale" TEXT NOT NULL DEFAULT 'en-GB',
ADD COLUMN     "mailFromName" TEXT,
ADD COLUMN     "mailReplyTo" TEXT;

-- AlterTable
ALTER TABLE "EmailMessage" ADD COLUMN     "html" TEXT;
