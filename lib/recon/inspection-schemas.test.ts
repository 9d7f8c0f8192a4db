// The checklist's and the inspection's one schema each (the form and the server actions share them),
// and a failed check's work-item description.
import { describe, expect, it } from "vitest";
import {
  failedCheckDescription,
  inspectionChecklistInput,
  inspectionInput,
} from "@/lib/recon/inspection-schemas";

const issuesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.error?.issues ?? []).map((issue) => `${issue.path.join(".")}: ${issue.message}`);

describe("inspectionChecklistInput", () => {
  it("takes checks in order, trimming their labels", () => {
    expect(
      inspectionChecklistInput.parse({
        checks: [
          { label: " Horn works ", category: "MECHANICAL" },
          { label: "Tyre tread ≥ 3 mm", category: "TYRES" },
        ],
      }),
    ).toEqual({
      checks: [
        { label: "Horn works", category: "MECHANICAL" },
        { label: "Tyre tread ≥ 3 mm", category: "TYRES" },
      ],
    });
    expect(inspectionChecklistInput.parse({ checks: [] })).toEqual({ checks: [] });
  });

  it("names the field of an empty label, a label given twice (whatever its case), a category it does not know", () => {
    expect(
      issuesOf(
        inspectionChecklistInput.safeParse({
          checks: [
            { label: "", category: "TYRES" },
            { label: "Horn", category: "OTHER" },
            { label: "HORN", category: "OTHER" },
            { label: "Lights", category: "LIGHTS" },
          ],
        }),
      ),
    ).toEqual(["checks.0.label: Give the check a label", expect.stringMatching(/^checks\.3\.category: /)]);
    // The duplicate shows once the fields themselves are valid.
    expect(
      issuesOf(
        inspectionChecklistInput.safeParse({
          checks: [
            { label: "Horn", category: "OTHER" },
            { label: "HORN", category: "OTHER" },
          ],
        }),
      ),
    ).toEqual(["checks.1.label: Already on the list"]);
  });

  it("refuses more than 60 checks", () => {
    const checks = Array.from({ length: 61 }, (_, index) => ({ label: `Check ${index}`, category: "OTHER" }));
    expect(issuesOf(inspectionChecklistInput.safeParse({ checks }))).toEqual(["checks: At most 60 checks"]);
  });
});

describe("inspectionInput", () => {
  it("takes every check's answer, a note with a failed one", () => {
    expect(
      inspectionInput.parse({
        results: [
          { checkId: "a", passed: true },
          { checkId: "b", passed: false, note: " Bald " },
        ],
      }),
    ).toEqual({
      results: [
        { checkId: "a", passed: true },
        { checkId: "b", passed: false, note: "Bald" },
      ],
    });
  });

  it("refuses no answers, a check answered twice and a note on a passed check", () => {
    expect(issuesOf(inspectionInput.safeParse({ results: [] }))).toEqual(["results: Answer the checks"]);
    expect(
      issuesOf(
        inspectionInput.safeParse({
          results: [
            { checkId: "a", passed: true, note: "Fine" },
            { checkId: "a", passed: false },
          ],
        }),
      ),
    ).toEqual(["results.0.note: A note goes with a failed check", "results.1.checkId: Answered twice"]);
  });
});

describe("failedCheckDescription", () => {
  it("is the check's label, then the note when there is one", () => {
    expect(failedCheckDescription("Tyre tread ≥ 3 mm", "Nearside rear at 2 mm")).toBe(
      "Tyre tread ≥ 3 mm: Nearside rear at 2 mm",
    );
    expect(failedCheckDescription("Tyre tread ≥ 3 mm", undefined)).toBe("Tyre tread ≥ 3 mm");
  });
});
