-- The development mailbox shows each organisation only its own e-mail (lib/notifications/mail-transport.ts).
ALTER TABLE "EmailMessage" ADD COLUMN "organisationId" TEXT;
