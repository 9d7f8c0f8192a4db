import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { listPrepJobsQuery, prepJobLookupQuery, prepJobSchema } from "@/lib/prep-jobs/schemas";
import { encodeKeysetCursor } from "@/lib/http/keyset-cursor";

/** The specific error code each issue names (as lib/http/validation.ts reads it), or undefined. */
function codeOf(result: z.ZodSafeParseResult<unknown>) {
  return result.error?.issues.map((issue) =>
    issue.code === "custom" ? (issue.params as { errorCode?: string } | undefined)?.errorCode : undefined,
  );
}

describe("prepJobLookupQuery", () => {
  it("upper-cases the vin and keeps the vrm exactly as sent", () => {
    expect(prepJobLookupQuery.parse({ vin: "wf0xxxgcdx1234567", vrm: "ab12  cde" })).toEqual({
      vin: "WF0XXXGCDX1234567",
      vrm: "ab12  cde",
    });
    expect(prepJobLookupQuery.parse({ vrm: "ab12 cde" })).toEqual({ vrm: "ab12 cde" });
  });

  it("does not check the format of a vin", () => {
    expect(prepJobLookupQuery.parse({ vin: "not-a-vin" })).toEqual({ vin: "NOT-A-VIN" });
  });

  it("needs a vin or a vrm", () => {
    const result = prepJobLookupQuery.safeParse({});
    expect(result.success).toBe(false);
    expect(codeOf(result)).toEqual([undefined]);
  });

  it("refuses empty values and unknown parameters", () => {
    expect(prepJobLookupQuery.safeParse({ vin: "" }).success).toBe(false);
    expect(prepJobLookupQuery.safeParse({ vrm: "" }).success).toBe(false);
    expect(prepJobLookupQuery.safeParse({ vin: "WF0XXXGCDX1234567", reg: "x" }).success).toBe(false);
  });

  it("refuses a vrm that is no UK mark with INVALID_VRM, when the vrm is what is looked up", () => {
    const result = prepJobLookupQuery.safeParse({ vrm: "AB12  CDE" });
    expect(result.success).toBe(false);
    expect(codeOf(result)).toEqual(["INVALID_VRM"]);
  });

  it("ignores the vrm entirely when a vin is given", () => {
    expect(prepJobLookupQuery.safeParse({ vin: "WF0XXXGCDX1234567", vrm: "!!" }).success).toBe(true);
  });
});

describe("listPrepJobsQuery", () => {
  it.each([
    ["1", 1],
    ["50", 50],
    ["250", 250],
    ["007", 7],
  ])("accepts limit %s", (limit, value) => {
    expect(listPrepJobsQuery.parse({ limit }).limit).toBe(value);
  });

  it.each(["0", "251", "abc", "1.5", "-1", "", " 5", "1e2"])("refuses limit %o", (limit) => {
    expect(listPrepJobsQuery.safeParse({ limit }).success).toBe(false);
  });

  it("decodes the cursor, and refuses one it did not make", () => {
    const cursor = { at: new Date("2026-01-01T00:00:00.000Z"), id: "01JD0000000000000000000000" };
    expect(listPrepJobsQuery.parse({ cursor: encodeKeysetCursor(cursor) }).cursor).toEqual(cursor);
    expect(listPrepJobsQuery.safeParse({ cursor: "garbage" }).success).toBe(false);
  });

  it("refuses unknown stages and substages", () => {
    expect(listPrepJobsQuery.safeParse({ stage: "PARKED" }).success).toBe(false);
    expect(listPrepJobsQuery.safeParse({ substage: "scheduled" }).success).toBe(false);
  });
});

describe("prepJobSchema", () => {
  it("wants instants in UTC with milliseconds", () => {
    const job = {
      id: "01JD0000000000000000000000",
      vin: "WF0XXXGCDX1234567",
      prepSiteId: null,
      businessArea: "Retail",
      source: "CREATED_MANUALLY",
      stage: "INBOUND",
      createdByUser: "a@b.test",
      createdAt: "2026-11-21T09:30:00.000Z",
      updatedAt: "2026-11-21T09:30:00.000Z",
    };
    expect(prepJobSchema.safeParse(job).success).toBe(true);
    expect(prepJobSchema.safeParse({ ...job, createdAt: "2026-11-21T09:30:00Z" }).success).toBe(false);
    expect(prepJobSchema.safeParse({ ...job, createdAt: "2026-11-21T09:30:00.000+01:00" }).success).toBe(
      false,
    );
  });
});
