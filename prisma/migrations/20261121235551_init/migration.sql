-- CreateEnum
CREATE TYPE "Plan" AS ENUM ('FREE', 'PRO');

-- CreateEnum
CREATE TYPE "ApiKeyScope" AS ENUM ('integration', 'operations');

-- CreateEnum
CREATE TYPE "UserRole" AS ENUM ('ADMIN', 'DISPATCHER', 'PREP_STAFF');

-- CreateEnum
CREATE TYPE "TransportMethod" AS ENUM ('DRIVEN', 'TRANSPORTED');

-- CreateEnum
CREATE TYPE "BusinessArea" AS ENUM ('Retail', 'Fleet');

-- CreateEnum
CREATE TYPE "Timeslot" AS ENUM ('ANYTIME', 'AM', 'PM');

-- CreateEnum
CREATE TYPE "LocationType" AS ENUM ('INTERNAL');

-- CreateEnum
CREATE TYPE "MovementRequestStatus" AS ENUM ('CREATED', 'SENT_TO_DRIVER', 'SENT_TO_3PL', 'SENT_TO_MARKETPLACE', 'SENT_TO_MULTIPLE_DRIVERS', 'ACCEPTED', 'ACCEPTED_SENT_TO_DRIVER', 'ACCEPTED_SENT_TO_3PL', 'ACCEPTED_SENT_TO_MARKETPLACE', 'PARTIALLY_PLANNED', 'PLANNED', 'IN_PROGRESS', 'DELIVERED', 'ABORTED', 'CANCELLED');

-- CreateEnum
CREATE TYPE "MovementStatus" AS ENUM ('OPEN', 'IN_PROGRESS', 'DELIVERED', 'CANCELLED', 'ABORTED');

-- CreateEnum
CREATE TYPE "AbortReason" AS ENUM ('NotOnSite', 'NotReady', 'NeedsDifferentTransportMethod', 'CancelledTooLate', 'Other');

-- CreateEnum
CREATE TYPE "PrepJobDirection" AS ENUM ('INBOUND', 'OUTBOUND');

-- CreateEnum
CREATE TYPE "PrepJobStage" AS ENUM ('INBOUND', 'ARRIVED', 'APPRAISED', 'OUTBOUND');

-- CreateEnum
CREATE TYPE "PrepJobSubstage" AS ENUM ('SCHEDULED', 'DELIVERED', 'PENDING_MOVEMENT_REQUEST');

-- CreateEnum
CREATE TYPE "PrepJobSource" AS ENUM ('CREATED_VMR', 'CREATED_MANUALLY');

-- CreateEnum
CREATE TYPE "DeliveryStatus" AS ENUM ('PENDING', 'SUCCEEDED', 'FAILED');

-- CreateEnum
CREATE TYPE "EmailStatus" AS ENUM ('PENDING', 'SENT', 'FAILED');

-- CreateTable
CREATE TABLE "Organisation" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "plan" "Plan" NOT NULL DEFAULT 'FREE',
    "trackingEnabled" BOOLEAN NOT NULL DEFAULT true,
    "currencyCode" CHAR(3) NOT NULL DEFAULT 'GBP',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Organisation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Profile" (
    "id" TEXT NOT NULL,
    "organisationId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "ownerEmail" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Profile_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ApiKey" (
    "id" TEXT NOT NULL,
    "profileId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "scopes" "ApiKeyScope"[],
    "ownerEmail" TEXT NOT NULL,
    "lastUsedAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ApiKey_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "User" (
    "id" TEXT NOT NULL,
    "organisationId" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "role" "UserRole" NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UserPrepSite" (
    "userId" TEXT NOT NULL,
    "siteId" TEXT NOT NULL,

    CONSTRAINT "UserPrepSite_pkey" PRIMARY KEY ("userId","siteId")
);

-- CreateTable
CREATE TABLE "SavedView" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "query" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SavedView_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Site" (
    "id" TEXT NOT NULL,
    "organisationId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "countryCode" CHAR(2) NOT NULL,
    "timezone" TEXT,
    "addressLine1" TEXT NOT NULL,
    "addressLine2" TEXT,
    "city" TEXT NOT NULL,
    "postcode" TEXT NOT NULL,
    "latitude" DOUBLE PRECISION NOT NULL,
    "longitude" DOUBLE PRECISION NOT NULL,
    "isPrepSite" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Site_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ThirdPartyLogisticsProvider" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "transportMethods" "TransportMethod"[],
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ThirdPartyLogisticsProvider_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProfileProvider" (
    "profileId" TEXT NOT NULL,
    "providerId" TEXT NOT NULL,

    CONSTRAINT "ProfileProvider_pkey" PRIMARY KEY ("profileId","providerId")
);

-- CreateTable
CREATE TABLE "RateCard" (
    "id" TEXT NOT NULL,
    "providerId" TEXT,
    "organisationId" TEXT,
    "transportMethod" "TransportMethod" NOT NULL,
    "currencyCode" CHAR(3) NOT NULL,
    "baseCostCents" INTEGER NOT NULL,
    "perKmCostCents" INTEGER NOT NULL,

    CONSTRAINT "RateCard_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Driver" (
    "id" TEXT NOT NULL,
    "organisationId" TEXT NOT NULL,
    "firstname" TEXT NOT NULL,
    "surname" TEXT NOT NULL,
    "email" TEXT,
    "phone" TEXT,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Driver_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MovementRequest" (
    "id" TEXT NOT NULL,
    "organisationId" TEXT NOT NULL,
    "profileId" TEXT NOT NULL,
    "status" "MovementRequestStatus" NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,
    "vin" TEXT,
    "vrm" TEXT,
    "externalVehicleId" TEXT,
    "make" TEXT,
    "model" TEXT,
    "modelVariant" TEXT,
    "originType" "LocationType" NOT NULL DEFAULT 'INTERNAL',
    "originSiteId" TEXT NOT NULL,
    "readyToCollectFromDate" DATE NOT NULL,
    "readyToCollectFromTimeslot" "Timeslot" NOT NULL,
    "allowCollectionDateAdjustment" BOOLEAN,
    "estimatedCollectionDate" DATE,
    "estimatedCollectionTimeslot" "Timeslot",
    "destinationType" "LocationType" NOT NULL DEFAULT 'INTERNAL',
    "destinationSiteId" TEXT NOT NULL,
    "deliveryByDate" DATE NOT NULL,
    "deliveryByTimeslot" "Timeslot" NOT NULL,
    "deliveryByTime" TEXT,
    "deliverOnSpecifiedDate" BOOLEAN NOT NULL DEFAULT false,
    "allowDeliveryDateAdjustment" BOOLEAN,
    "estimatedDeliveryDate" DATE,
    "estimatedDeliveryTimeslot" "Timeslot",
    "businessArea" "BusinessArea" NOT NULL,
    "transportMethod" "TransportMethod" NOT NULL,
    "notes" TEXT,
    "externalId" TEXT,
    "confirmedBy" TEXT,
    "requestedBy" TEXT,
    "createdBy" TEXT NOT NULL,
    "linkedJobPin" TEXT,
    "estimatedCostCents" INTEGER,
    "estimatedCostCurrency" CHAR(3),
    "costCents" INTEGER,
    "costCurrency" CHAR(3),
    "completedOn" TIMESTAMP(3),
    "trackingToken" TEXT,
    "prepJobId" TEXT,
    "prepJobDirection" "PrepJobDirection",
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "MovementRequest_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Movement" (
    "id" TEXT NOT NULL,
    "movementRequestId" TEXT NOT NULL,
    "legNumber" INTEGER NOT NULL,
    "status" "MovementStatus" NOT NULL DEFAULT 'OPEN',
    "version" INTEGER NOT NULL DEFAULT 1,
    "originSiteId" TEXT NOT NULL,
    "destinationSiteId" TEXT NOT NULL,
    "originScheduledOn" DATE,
    "originScheduledTimeslot" "Timeslot",
    "originPredictedOn" DATE,
    "originPredictedTimeslot" "Timeslot",
    "originActualOn" DATE,
    "destinationScheduledOn" DATE,
    "destinationScheduledTimeslot" "Timeslot",
    "destinationPredictedOn" DATE,
    "destinationPredictedTimeslot" "Timeslot",
    "destinationActualOn" DATE,
    "driverId" TEXT,
    "thirdPartyLogisticsProviderId" TEXT,
    "acceptedAt" TIMESTAMP(3),
    "costCents" INTEGER,
    "costCurrency" CHAR(3),
    "abortReason" "AbortReason",
    "abortDetail" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Movement_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MovementRequestStatusChange" (
    "id" TEXT NOT NULL,
    "movementRequestId" TEXT NOT NULL,
    "fromStatus" "MovementRequestStatus",
    "toStatus" "MovementRequestStatus" NOT NULL,
    "actor" TEXT NOT NULL,
    "reason" TEXT,
    "occurredAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MovementRequestStatusChange_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PrepJob" (
    "id" TEXT NOT NULL,
    "organisationId" TEXT NOT NULL,
    "profileId" TEXT NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,
    "vin" TEXT NOT NULL,
    "vrm" TEXT,
    "make" TEXT,
    "model" TEXT,
    "modelVariant" TEXT,
    "prepSiteId" TEXT,
    "businessArea" "BusinessArea" NOT NULL,
    "source" "PrepJobSource" NOT NULL,
    "stage" "PrepJobStage" NOT NULL,
    "substage" "PrepJobSubstage",
    "notes" TEXT,
    "createdByUser" TEXT NOT NULL,
    "collectionSiteId" TEXT,
    "stageChangedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PrepJob_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Event" (
    "id" TEXT NOT NULL,
    "sequence" BIGSERIAL NOT NULL,
    "organisationId" TEXT NOT NULL,
    "profileId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "resourceType" TEXT NOT NULL,
    "resourceId" TEXT NOT NULL,
    "resourceVersion" INTEGER NOT NULL,
    "occurredAt" TIMESTAMP(3) NOT NULL,
    "payload" JSONB NOT NULL,
    "envelope" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Event_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WebhookEndpoint" (
    "id" TEXT NOT NULL,
    "profileId" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "description" TEXT,
    "eventTypes" TEXT[],
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "disabledAt" TIMESTAMP(3),
    "disabledReason" TEXT,
    "failingSince" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "WebhookEndpoint_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WebhookSecret" (
    "id" TEXT NOT NULL,
    "endpointId" TEXT NOT NULL,
    "ciphertext" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WebhookSecret_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WebhookDelivery" (
    "id" TEXT NOT NULL,
    "endpointId" TEXT NOT NULL,
    "eventId" TEXT NOT NULL,
    "status" "DeliveryStatus" NOT NULL DEFAULT 'PENDING',
    "attemptCount" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lockedUntil" TIMESTAMP(3),
    "lockedBy" TEXT,
    "succeededAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WebhookDelivery_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WebhookAttempt" (
    "id" TEXT NOT NULL,
    "deliveryId" TEXT NOT NULL,
    "endpointId" TEXT NOT NULL,
    "attemptNumber" INTEGER NOT NULL,
    "attemptedAt" TIMESTAMP(3) NOT NULL,
    "durationMs" INTEGER NOT NULL,
    "responseStatus" INTEGER,
    "responseBodyExcerpt" TEXT,
    "error" TEXT,
    "succeeded" BOOLEAN NOT NULL,

    CONSTRAINT "WebhookAttempt_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EmailMessage" (
    "id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "to" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "status" "EmailStatus" NOT NULL DEFAULT 'PENDING',
    "attemptCount" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lockedUntil" TIMESTAMP(3),
    "lastError" TEXT,
    "sentAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EmailMessage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Notice" (
    "id" TEXT NOT NULL,
    "organisationId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "readAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Notice_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "IdempotencyRecord" (
    "id" TEXT NOT NULL,
    "apiKeyId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "method" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "requestHash" TEXT NOT NULL,
    "responseStatus" INTEGER,
    "responseBody" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "IdempotencyRecord_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DisplayLink" (
    "id" TEXT NOT NULL,
    "organisationId" TEXT NOT NULL,
    "siteId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "revokedAt" TIMESTAMP(3),
    "lastSeenAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DisplayLink_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Profile_organisationId_idx" ON "Profile"("organisationId");

-- CreateIndex
CREATE UNIQUE INDEX "ApiKey_hash_key" ON "ApiKey"("hash");

-- CreateIndex
CREATE INDEX "ApiKey_profileId_idx" ON "ApiKey"("profileId");

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE INDEX "User_organisationId_idx" ON "User"("organisationId");

-- CreateIndex
CREATE INDEX "UserPrepSite_siteId_idx" ON "UserPrepSite"("siteId");

-- CreateIndex
CREATE UNIQUE INDEX "SavedView_userId_name_key" ON "SavedView"("userId", "name");

-- CreateIndex
CREATE INDEX "Site_organisationId_idx" ON "Site"("organisationId");

-- CreateIndex
CREATE UNIQUE INDEX "Site_organisationId_code_key" ON "Site"("organisationId", "code");

-- CreateIndex
CREATE INDEX "ProfileProvider_providerId_idx" ON "ProfileProvider"("providerId");

-- CreateIndex
CREATE UNIQUE INDEX "RateCard_providerId_transportMethod_key" ON "RateCard"("providerId", "transportMethod");

-- CreateIndex
CREATE UNIQUE INDEX "RateCard_organisationId_transportMethod_key" ON "RateCard"("organisationId", "transportMethod");

-- CreateIndex
CREATE INDEX "Driver_organisationId_idx" ON "Driver"("organisationId");

-- CreateIndex
CREATE UNIQUE INDEX "MovementRequest_trackingToken_key" ON "MovementRequest"("trackingToken");

-- CreateIndex
CREATE INDEX "MovementRequest_profileId_createdAt_idx" ON "MovementRequest"("profileId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "MovementRequest_organisationId_status_idx" ON "MovementRequest"("organisationId", "status");

-- CreateIndex
CREATE INDEX "MovementRequest_organisationId_createdAt_idx" ON "MovementRequest"("organisationId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "MovementRequest_organisationId_vin_idx" ON "MovementRequest"("organisationId", "vin");

-- CreateIndex
CREATE INDEX "MovementRequest_organisationId_vrm_idx" ON "MovementRequest"("organisationId", "vrm");

-- CreateIndex
CREATE INDEX "MovementRequest_organisationId_externalId_idx" ON "MovementRequest"("organisationId", "externalId");

-- CreateIndex
CREATE INDEX "MovementRequest_prepJobId_idx" ON "MovementRequest"("prepJobId");

-- CreateIndex
CREATE UNIQUE INDEX "Movement_movementRequestId_legNumber_key" ON "Movement"("movementRequestId", "legNumber");

-- CreateIndex
CREATE INDEX "MovementRequestStatusChange_movementRequestId_occurredAt_idx" ON "MovementRequestStatusChange"("movementRequestId", "occurredAt");

-- CreateIndex
CREATE INDEX "PrepJob_profileId_vin_idx" ON "PrepJob"("profileId", "vin");

-- CreateIndex
CREATE INDEX "PrepJob_profileId_vrm_idx" ON "PrepJob"("profileId", "vrm");

-- CreateIndex
CREATE INDEX "PrepJob_organisationId_prepSiteId_stage_idx" ON "PrepJob"("organisationId", "prepSiteId", "stage");

-- CreateIndex
CREATE UNIQUE INDEX "Event_sequence_key" ON "Event"("sequence");

-- CreateIndex
CREATE INDEX "Event_profileId_occurredAt_id_idx" ON "Event"("profileId", "occurredAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Event_organisationId_sequence_idx" ON "Event"("organisationId", "sequence");

-- CreateIndex
CREATE INDEX "Event_occurredAt_idx" ON "Event"("occurredAt");

-- CreateIndex
CREATE UNIQUE INDEX "Event_resourceType_resourceId_resourceVersion_type_key" ON "Event"("resourceType", "resourceId", "resourceVersion", "type");

-- CreateIndex
CREATE INDEX "WebhookEndpoint_profileId_idx" ON "WebhookEndpoint"("profileId");

-- CreateIndex
CREATE INDEX "WebhookSecret_endpointId_idx" ON "WebhookSecret"("endpointId");

-- CreateIndex
CREATE INDEX "WebhookDelivery_status_nextAttemptAt_idx" ON "WebhookDelivery"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "WebhookDelivery_endpointId_status_idx" ON "WebhookDelivery"("endpointId", "status");

-- CreateIndex
CREATE INDEX "WebhookDelivery_eventId_idx" ON "WebhookDelivery"("eventId");

-- CreateIndex
CREATE INDEX "WebhookAttempt_endpointId_attemptedAt_id_idx" ON "WebhookAttempt"("endpointId", "attemptedAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "WebhookAttempt_deliveryId_idx" ON "WebhookAttempt"("deliveryId");

-- CreateIndex
CREATE INDEX "EmailMessage_status_nextAttemptAt_idx" ON "EmailMessage"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "Notice_organisationId_createdAt_idx" ON "Notice"("organisationId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "IdempotencyRecord_expiresAt_idx" ON "IdempotencyRecord"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "IdempotencyRecord_apiKeyId_key_key" ON "IdempotencyRecord"("apiKeyId", "key");

-- CreateIndex
CREATE UNIQUE INDEX "DisplayLink_tokenHash_key" ON "DisplayLink"("tokenHash");

-- CreateIndex
CREATE INDEX "DisplayLink_siteId_idx" ON "DisplayLink"("siteId");

-- AddForeignKey
ALTER TABLE "Profile" ADD CONSTRAINT "Profile_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApiKey" ADD CONSTRAINT "ApiKey_profileId_fkey" FOREIGN KEY ("profileId") REFERENCES "Profile"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "User" ADD CONSTRAINT "User_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserPrepSite" ADD CONSTRAINT "UserPrepSite_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserPrepSite" ADD CONSTRAINT "UserPrepSite_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SavedView" ADD CONSTRAINT "SavedView_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Site" ADD CONSTRAINT "Site_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProfileProvider" ADD CONSTRAINT "ProfileProvider_profileId_fkey" FOREIGN KEY ("profileId") REFERENCES "Profile"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProfileProvider" ADD CONSTRAINT "ProfileProvider_providerId_fkey" FOREIGN KEY ("providerId") REFERENCES "ThirdPartyLogisticsProvider"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RateCard" ADD CONSTRAINT "RateCard_providerId_fkey" FOREIGN KEY ("providerId") REFERENCES "ThirdPartyLogisticsProvider"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RateCard" ADD CONSTRAINT "RateCard_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Driver" ADD CONSTRAINT "Driver_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MovementRequest" ADD CONSTRAINT "MovementRequest_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MovementRequest" ADD CONSTRAINT "MovementRequest_profileId_fkey" FOREIGN KEY ("profileId") REFERENCES "Profile"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MovementRequest" ADD CONSTRAINT "MovementRequest_originSiteId_fkey" FOREIGN KEY ("originSiteId") REFERENCES "Site"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MovementRequest" ADD CONSTRAINT "MovementRequest_destinationSiteId_fkey" FOREIGN KEY ("destinationSiteId") REFERENCES "Site"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MovementRequest" ADD CONSTRAINT "MovementRequest_prepJobId_fkey" FOREIGN KEY ("prepJobId") REFERENCES "PrepJob"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Movement" ADD CONSTRAINT "Movement_movementRequestId_fkey" FOREIGN KEY ("movementRequestId") REFERENCES "MovementRequest"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Movement" ADD CONSTRAINT "Movement_originSiteId_fkey" FOREIGN KEY ("originSiteId") REFERENCES "Site"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Movement" ADD CONSTRAINT "Movement_destinationSiteId_fkey" FOREIGN KEY ("destinationSiteId") REFERENCES "Site"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Movement" ADD CONSTRAINT "Movement_driverId_fkey" FOREIGN KEY ("driverId") REFERENCES "Driver"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Movement" ADD CONSTRAINT "Movement_thirdPartyLogisticsProviderId_fkey" FOREIGN KEY ("thirdPartyLogisticsProviderId") REFERENCES "ThirdPartyLogisticsProvider"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MovementRequestStatusChange" ADD CONSTRAINT "MovementRequestStatusChange_movementRequestId_fkey" FOREIGN KEY ("movementRequestId") REFERENCES "MovementRequest"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PrepJob" ADD CONSTRAINT "PrepJob_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PrepJob" ADD CONSTRAINT "PrepJob_profileId_fkey" FOREIGN KEY ("profileId") REFERENCES "Profile"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PrepJob" ADD CONSTRAINT "PrepJob_prepSiteId_fkey" FOREIGN KEY ("prepSiteId") REFERENCES "Site"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PrepJob" ADD CONSTRAINT "PrepJob_collectionSiteId_fkey" FOREIGN KEY ("collectionSiteId") REFERENCES "Site"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Event" ADD CONSTRAINT "Event_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Event" ADD CONSTRAINT "Event_profileId_fkey" FOREIGN KEY ("profileId") REFERENCES "Profile"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WebhookEndpoint" ADD CONSTRAINT "WebhookEndpoint_profileId_fkey" FOREIGN KEY ("profileId") REFERENCES "Profile"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WebhookSecret" ADD CONSTRAINT "WebhookSecret_endpointId_fkey" FOREIGN KEY ("endpointId") REFERENCES "WebhookEndpoint"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WebhookDelivery" ADD CONSTRAINT "WebhookDelivery_endpointId_fkey" FOREIGN KEY ("endpointId") REFERENCES "WebhookEndpoint"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WebhookDelivery" ADD CONSTRAINT "WebhookDelivery_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WebhookAttempt" ADD CONSTRAINT "WebhookAttempt_deliveryId_fkey" FOREIGN KEY ("deliveryId") REFERENCES "WebhookDelivery"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WebhookAttempt" ADD CONSTRAINT "WebhookAttempt_endpointId_fkey" FOREIGN KEY ("endpointId") REFERENCES "WebhookEndpoint"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Notice" ADD CONSTRAINT "Notice_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "IdempotencyRecord" ADD CONSTRAINT "IdempotencyRecord_apiKeyId_fkey" FOREIGN KEY ("apiKeyId") REFERENCES "ApiKey"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DisplayLink" ADD CONSTRAINT "DisplayLink_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DisplayLink" ADD CONSTRAINT "DisplayLink_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Constraints Prisma cannot express.
-- A rate card belongs to exactly one owner: a 3PL, or an organisation (its internal rate card).
ALTER TABLE "RateCard" ADD CONSTRAINT "RateCard_one_owner"
  CHECK (("providerId" IS NULL) <> ("organisationId" IS NULL));
-- A leg has at most one carrier.
ALTER TABLE "Movement" ADD CONSTRAINT "Movement_one_carrier"
  CHECK ("driverId" IS NULL OR "thirdPartyLogisticsProviderId" IS NULL);
-- Limits of the specification, enforced by the database too.
ALTER TABLE "MovementRequest" ADD CONSTRAINT "MovementRequest_limits"
  CHECK (char_length("notes") <= 1024 AND char_length("confirmedBy") <= 128 AND char_length("requestedBy") <= 254);
