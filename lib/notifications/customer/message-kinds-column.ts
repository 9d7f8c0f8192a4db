// Organisation.customerMessageKinds as a JavaScript array. node-postgres parses arrays of built-in types
// only: an array of an enum arrives as its text ("{ON_ITS_WAY,DELIVERED}"), on which .includes() would
// match substrings. Cast to text[] in the query, and it arrives parsed (as transport-methods-column.ts).
import { sql } from "@/lib/db";
import type { CustomerMessageKind } from "@/lib/generated/prisma/enums";

export function customerMessageKindsColumn(column: "customerMessageKinds" | "o.customerMessageKinds") {
  return sql<CustomerMessageKind[] | null>`${sql.ref(column)}::text[]`.as("customerMessageKinds");
}
