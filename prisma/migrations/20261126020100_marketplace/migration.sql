-- The marketplace (issue 16 §4): invited carriers, their bids, the organisation's auto-accept setting.
CREATE TYPE "MarketplaceCarrierKind" AS ENUM ('THIRD_PARTY_LOGISTICS', 'INDEPENDENT_DRIVER');
CREATE TYPE "MarketplaceBidKind" AS ENUM ('CLAIM', 'BID');

ALTER TABLE "Organisation" ADD COLUMN "marketplaceAutoAccept" BOOLEAN NOT NULL DEFAULT false;

CREATE TABLE "MarketplaceCarrier" (
    "id" TEXT NOT NULL,
    "organisationId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "kind" "MarketplaceCarrierKind" NOT NULL,
    "transportMethods" "TransportMethod"[],
    "postcodeAreas" TEXT[],
    "inviteTokenHash" TEXT,
    "inviteExpiresAt" TIMESTAMP(3),
    "joinedAt" TIMESTAMP(3),
    "invitedBy" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MarketplaceCarrier_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "MarketplaceBid" (
    "id" TEXT NOT NULL,
    "organisationId" TEXT NOT NULL,
    "movementRequestId" TEXT NOT NULL,
    "carrierId" TEXT NOT NULL,
    "kind" "MarketplaceBidKind" NOT NULL,
    "priceCents" INTEGER NOT NULL,
    "currency" CHAR(3) NOT NULL,
    "expiresAt" TIMESTAMP(3),
    "acceptedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "MarketplaceBid_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "MarketplaceBid_price_positive" CHECK ("priceCents" > 0),
    -- A bid has an expiry, a claim has none.
    CONSTRAINT "MarketplaceBid_expiry" CHECK (("kind" = 'BID') = ("expiresAt" IS NOT NULL))
);

CREATE UNIQUE INDEX "MarketplaceCarrier_userId_key" ON "MarketplaceCarrier"("userId");
CREATE UNIQUE INDEX "MarketplaceCarrier_inviteTokenHash_key" ON "MarketplaceCarrier"("inviteTokenHash");
CREATE INDEX "MarketplaceCarrier_organisationId_idx" ON "MarketplaceCarrier"("organisationId");
CREATE UNIQUE INDEX "MarketplaceBid_movementRequestId_carrierId_key" ON "MarketplaceBid"("movementRequestId", "carrierId");
CREATE INDEX "MarketplaceBid_carrierId_idx" ON "MarketplaceBid"("carrierId");
-- At most one winning bid per request.
CREATE UNIQUE INDEX "MarketplaceBid_one_winner" ON "MarketplaceBid"("movementRequestId") WHERE "acceptedAt" IS NOT NULL;

ALTER TABLE "MarketplaceCarrier" ADD CONSTRAINT "MarketplaceCarrier_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "MarketplaceCarrier" ADD CONSTRAINT "MarketplaceCarrier_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "MarketplaceBid" ADD CONSTRAINT "MarketplaceBid_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "MarketplaceBid" ADD CONSTRAINT "MarketplaceBid_movementRequestId_fkey" FOREIGN KEY ("movementRequestId") REFERENCES "MovementRequest"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "MarketplaceBid" ADD CONSTRAINT "MarketplaceBid_carrierId_fkey" FOREIGN KEY ("carrierId") REFERENCES "MarketplaceCarrier"("id") ON DELETE CASCADE ON UPDATE CASCADE;
