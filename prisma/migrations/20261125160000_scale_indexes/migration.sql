-- Issue #15: the board, its search and the /v1 lists at 1,000,000 movement requests
-- (docs/performance-scale.md). Additive: an extension and indexes only.

-- CreateExtension
CREATE EXTENSION IF NOT EXISTS "pg_trgm";

-- Board sorts: one index per sort column, ending in the id (the keyset's tie-break).
CREATE INDEX "MovementRequest_board_status_idx" ON "MovementRequest"("organisationId", "status", "id");
CREATE INDEX "MovementRequest_board_vehicle_idx" ON "MovementRequest"("organisationId", "vrm", "vin", "id");
CREATE INDEX "MovementRequest_board_ready_idx" ON "MovementRequest"("organisationId", "readyToCollectFromDate", "readyToCollectFromTimeslot", "id");
CREATE INDEX "MovementRequest_board_due_idx" ON "MovementRequest"("organisationId", "deliveryByDate", "deliveryByTimeslot", "id");
CREATE INDEX "MovementRequest_board_estimated_delivery_idx" ON "MovementRequest"("organisationId", "estimatedDeliveryDate", "estimatedDeliveryTimeslot", "id");
CREATE INDEX "MovementRequest_board_estimated_cost_idx" ON "MovementRequest"("organisationId", "estimatedCostCents", "id");
CREATE INDEX "MovementRequest_board_cost_idx" ON "MovementRequest"("organisationId", "costCents", "id");

-- The nullable sort columns sort empty values last in both directions; a backward scan of the
-- ascending index would put them first, so descending has its own (Prisma's schema cannot spell
-- NULLS LAST: these four are not in schema.prisma).
CREATE INDEX "MovementRequest_board_vehicle_desc_idx" ON "MovementRequest"("organisationId", "vrm" DESC NULLS LAST, "vin" DESC NULLS LAST, "id" DESC);
CREATE INDEX "MovementRequest_board_estimated_delivery_desc_idx" ON "MovementRequest"("organisationId", "estimatedDeliveryDate" DESC NULLS LAST, "estimatedDeliveryTimeslot" DESC NULLS LAST, "id" DESC);
CREATE INDEX "MovementRequest_board_estimated_cost_desc_idx" ON "MovementRequest"("organisationId", "estimatedCostCents" DESC NULLS LAST, "id" DESC);
CREATE INDEX "MovementRequest_board_cost_desc_idx" ON "MovementRequest"("organisationId", "costCents" DESC NULLS LAST, "id" DESC);

-- Board filters on a site, newest first (the default sort).
CREATE INDEX "MovementRequest_board_origin_idx" ON "MovementRequest"("organisationId", "originSiteId", "createdAt" DESC, "id" DESC);
CREATE INDEX "MovementRequest_board_destination_idx" ON "MovementRequest"("organisationId", "destinationSiteId", "createdAt" DESC, "id" DESC);

-- Board search: "contains" (LIKE / ILIKE '%q%') on VIN, VRM and the external ids.
CREATE INDEX "MovementRequest_vin_trgm_idx" ON "MovementRequest" USING GIN ("vin" gin_trgm_ops);
CREATE INDEX "MovementRequest_vrm_trgm_idx" ON "MovementRequest" USING GIN ("vrm" gin_trgm_ops);
CREATE INDEX "MovementRequest_externalId_trgm_idx" ON "MovementRequest" USING GIN ("externalId" gin_trgm_ops);
CREATE INDEX "MovementRequest_externalVehicleId_trgm_idx" ON "MovementRequest" USING GIN ("externalVehicleId" gin_trgm_ops);

-- Board carrier filter.
CREATE INDEX "Movement_driverId_idx" ON "Movement"("driverId");
CREATE INDEX "Movement_thirdPartyLogisticsProviderId_idx" ON "Movement"("thirdPartyLogisticsProviderId");

-- GET /v1/prep-jobs: newest first with a keyset cursor, alone or with one filter.
CREATE INDEX "PrepJob_list_idx" ON "PrepJob"("profileId", "createdAt" DESC, "id" DESC);
CREATE INDEX "PrepJob_list_stage_idx" ON "PrepJob"("profileId", "stage", "createdAt" DESC, "id" DESC);
CREATE INDEX "PrepJob_list_substage_idx" ON "PrepJob"("profileId", "substage", "createdAt" DESC, "id" DESC);
CREATE INDEX "PrepJob_list_prep_site_idx" ON "PrepJob"("profileId", "prepSiteId", "createdAt" DESC, "id" DESC);
