import { newId } from "@/lib/ids";
import type { EstimateLineKind, Prisma } from "@/lib/generated/prisma/client";
import type { FactoryDb } from "./db";

export type ReconWorkItemInput = {
  organisationId: string;
  prepJobId: string;
  /** The estimate; estimatedCents defaults to its sum. */
  lines?: { kind: EstimateLineKind; description?: string; amountCents: number; hours?: number }[];
} & Partial<Omit<Prisma.ReconWorkItemUncheckedCreateInput, "estimateLines" | "stateChanges">>;

/** A work item (PROPOSED, GBP, one parts line of £100 unless told), straight into the table. */
export async function createReconWorkItem(db: FactoryDb, input: ReconWorkItemInput) {
  const { lines = [{ kind: "PARTS", amountCents: 10_000 }], ...item } = input;
  return db.reconWorkItem.create({
    data: {
      id: newId(),
      category: "MECHANICAL",
      description: "Replace front brake pads",
      currency: "GBP",
      estimatedCents: lines.reduce((sum, line) => sum + line.amountCents, 0),
      createdBy: "staff@example.test",
      ...item,
      estimateLines: {
        create: lines.map((line, position) => ({
          id: newId(),
          organisationId: item.organisationId,
          position,
          kind: line.kind,
          description: line.description ?? `${line.kind.toLowerCase()} line ${position + 1}`,
          amountCents: line.amountCents,
          hours: line.hours ?? (line.kind === "LABOUR" ? 1 : null),
        })),
      },
    },
  });
}
