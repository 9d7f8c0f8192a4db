-- Reports (issue 17 §4): the delivery charts read an organisation's requests delivered in a period
-- (on time, by carrier, final price against estimate). Without it the planner walks every delivered
-- request of the organisation (90 % of the table) and filters by completedOn. Partial: only delivered
-- requests have a completedOn that counts.
CREATE INDEX "MovementRequest_report_delivered_idx" ON "MovementRequest"("organisationId", "completedOn")
  WHERE "status" = 'DELIVERED';
