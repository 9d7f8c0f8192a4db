// MarketplaceCarrier.transportMethods as a JavaScript array. node-postgres parses arrays of built-in
// types only: an array of an enum arrives as its text ("{DRIVEN,TRANSPORTED}"), on which .includes()
// would match substrings. Cast to text[] in the query, and it arrives parsed.
import { sql } from "@/lib/db";
import type { TransportMethod } from "@/lib/generated/prisma/enums";

export function transportMethodsColumn() {
  return sql<TransportMethod[]>`c."transportMethods"::text[]`.as("transportMethods");
}
