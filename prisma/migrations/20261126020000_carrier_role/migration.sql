-- A migration of its own: a value added to an enum cannot be used in the transaction that adds it.
ALTER TYPE "UserRole" ADD VALUE 'CARRIER';
