// Every enum has one source: prisma/schema.prisma, from which `prisma generate` writes the constants
// in lib/generated/prisma/enums (client-safe, no database code). Zod schemas take those objects
// (`z.enum(MovementRequestStatus)`), and the OpenAPI document is built from the zod schemas. A list
// kept in a chosen order (the kanban's columns, a filter's options) goes through `everyValueOf`, so
// that a value added to or renamed in the schema fails tsc until the list names it.

type ValueOf<E> = E[keyof E];
type Missing<V, L extends readonly unknown[]> = Exclude<V, L[number]>;

/**
 * `order` itself, checked by tsc: every value of `enumObject`, none else. A list that leaves a value
 * out does not compile (the error names the missing values).
 */
export function everyValueOf<
  const E extends Readonly<Record<string, string>>,
  const L extends readonly ValueOf<E>[],
>(
  enumObject: E,
  order: L & ([Missing<ValueOf<E>, L>] extends [never] ? unknown : { missing: Missing<ValueOf<E>, L> }),
): L {
  void enumObject;
  return order;
}
