// Database rows → the work item body of the API (issue 37 §4). Optional fields are absent, never null;
// actualCents is null until the item is done, as the shape says.
import { toDateOnly } from "@/lib/dates";
import type { Kdb } from "@/lib/db";
import type { ReconEstimateLine, ReconWorkItem } from "@/lib/generated/prisma/client";
import type { EstimateLine, WorkItemResponse } from "@/lib/recon/schemas";

type LineRow = Pick<ReconEstimateLine, "workItemId" | "kind" | "description" | "amountCents" | "hours">;

export function toWorkItemResponse(item: ReconWorkItem, lines: readonly LineRow[]): WorkItemResponse {
  return {
    id: item.id,
    category: item.category,
    description: item.description,
    state: item.state,
    estimate: lines.map(toEstimateLine),
    estimatedCents: item.estimatedCents,
    actualCents: item.actualCents,
    currency: item.currency,
    version: item.version,
    ...(item.partsExpectedOn ? { partsExpectedOn: toDateOnly(item.partsExpectedOn) } : {}),
  };
}

function toEstimateLine(line: LineRow): EstimateLine {
  return {
    kind: line.kind,
    description: line.description,
    amountCents: line.amountCents,
    ...(line.hours === null ? {} : { hours: line.hours }),
  };
}

/** The bodies of a job's items (or of the given items), oldest first, in two statements. */
export async function readWorkItems(
  tx: Kdb,
  filter: { prepJobId: string } | { itemIds: readonly string[] },
): Promise<WorkItemResponse[]> {
  if ("itemIds" in filter && filter.itemIds.length === 0) return [];
  const selected = tx.selectFrom("ReconWorkItem").selectAll();
  const items: ReconWorkItem[] = await (
    "prepJobId" in filter
      ? selected.where("prepJobId", "=", filter.prepJobId)
      : selected.where("id", "in", filter.itemIds)
  )
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
  if (items.length === 0) return [];
  const lines = await tx
    .selectFrom("ReconEstimateLine")
    .select(["workItemId", "kind", "description", "amountCents", "hours"])
    .where(
      "workItemId",
      "in",
      items.map((item) => item.id),
    )
    .orderBy("workItemId")
    .orderBy("position")
    .execute();
  return items.map((item) =>
    toWorkItemResponse(
      item,
      lines.filter((line) => line.workItemId === item.id),
    ),
  );
}

export async function readWorkItem(tx: Kdb, itemId: string): Promise<WorkItemResponse> {
  const [item] = await readWorkItems(tx, { itemIds: [itemId] });
  if (!item) throw new Error(`work item ${itemId} vanished inside its own transaction`);
  return item;
}
