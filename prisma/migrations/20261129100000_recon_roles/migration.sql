-- Issue 37: the recon manager role and the API scope that approves estimates. A migration of its own:
-- a value added to an enum cannot be used in the transaction that adds it.
ALTER TYPE "UserRole" ADD VALUE 'RECON_MANAGER';
ALTER TYPE "ApiKeyScope" ADD VALUE 'recon_approval';
