-- AlterTable
-- The W3C traceparent of the span that wrote the event (while tracing is on): every delivery attempt's
-- span links back to it. Null with tracing off, and for the events written before. Adding a nullable
-- column without a default rewrites nothing and holds its lock only for a moment.
ALTER TABLE "Event" ADD COLUMN "traceparent" TEXT;
