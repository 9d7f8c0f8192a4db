-- A delivery row is updated twice (claimed, then finished): leave room on each page so that the claim,
-- which changes no indexed column, is a HOT update. Without it every claim adds an entry to each of the
-- table's indexes, and the claim's index scan wades through the stale ones of deliveries already made.
ALTER TABLE "WebhookDelivery" SET (fillfactor = 70);
