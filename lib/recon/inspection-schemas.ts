// The shapes of a prep site's inspection checklist and of an inspection against it (issue 37 §1): one
// schema each, used by the server actions, lib/recon and the forms. Safe in client components.
import { z } from "zod";
import { reconCategorySchema } from "@/lib/recon/schemas";
import { identifierSchema, textUpTo } from "@/lib/schemas/common";

export const CHECK_LABEL_MAX = 200;
export const CHECKS_MAX = 60;
export const INSPECTION_NOTE_MAX = 500;

const checkLabel = z.string().trim().min(1, "Give the check a label").pipe(textUpTo(CHECK_LABEL_MAX));

/** An admin's checklist for one prep site, in order: it replaces the site's whole list. */
export const inspectionChecklistInput = z
  .strictObject({
    checks: z
      .array(z.strictObject({ label: checkLabel, category: reconCategorySchema }))
      .max(CHECKS_MAX, `At most ${CHECKS_MAX} checks`),
  })
  .superRefine((checklist, ctx) => {
    const seen = new Set<string>();
    checklist.checks.forEach((check, index) => {
      const key = check.label.toLowerCase();
      if (seen.has(key)) {
        ctx.addIssue({ code: "custom", path: ["checks", index, "label"], message: "Already on the list" });
      }
      seen.add(key);
    });
  });
export type InspectionChecklistInput = z.infer<typeof inspectionChecklistInput>;

/** One check as the settings page and the drawer show it. */
export type InspectionCheck = { id: string; label: string; category: z.infer<typeof reconCategorySchema> };

/**
 * The staff's answers: every check of the site's list once, passed or failed; a failed one may carry a
 * note (it goes into the proposed work item's description; an empty one is none).
 */
export const inspectionInput = z
  .strictObject({
    results: z
      .array(
        z.strictObject({
          checkId: identifierSchema,
          passed: z.boolean(),
          note: z.string().trim().pipe(textUpTo(INSPECTION_NOTE_MAX)).optional(),
        }),
      )
      .min(1, "Answer the checks")
      .max(CHECKS_MAX),
  })
  .superRefine((inspection, ctx) => {
    const seen = new Set<string>();
    inspection.results.forEach((result, index) => {
      if (seen.has(result.checkId)) {
        ctx.addIssue({ code: "custom", path: ["results", index, "checkId"], message: "Answered twice" });
      }
      seen.add(result.checkId);
      if (result.passed && result.note) {
        ctx.addIssue({
          code: "custom",
          path: ["results", index, "note"],
          message: "A note goes with a failed check",
        });
      }
    });
  });
export type InspectionInput = z.infer<typeof inspectionInput>;

/** One check's result as an inspection keeps it: the check as it read then, and the item it proposed. */
export type InspectionResult = {
  label: string;
  category: InspectionCheck["category"];
  passed: boolean;
  note?: string;
  workItemId?: string;
};

/** The latest inspection of a job, for the drawer. */
export type InspectionSummary = {
  id: string;
  inspectedBy: string;
  inspectedAt: string;
  checks: number;
  failed: number;
};

/** A failed check's work item: the check's label, and the note when there is one. */
export function failedCheckDescription(label: string, note: string | undefined): string {
  return note ? `${label}: ${note}` : label;
}
