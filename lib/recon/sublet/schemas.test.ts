// The drawer's and the vendor's shapes: a new vendor's optional fields left empty are absent, a bad
// e-mail or phone is refused by field; a vendor's price is a whole, non-negative number of minor units.
import { describe, expect, it } from "vitest";
import { newSubletVendorInput, sendToSubletInput, subletItemActionBody } from "@/lib/recon/sublet/schemas";

describe("a new sublet vendor", () => {
  it("takes a name, and an e-mail and phone only when given", () => {
    expect(newSubletVendorInput.parse({ name: "  Apex  ", email: " ", phone: "" })).toEqual({ name: "Apex" });
    expect(
      newSubletVendorInput.parse({ name: "Apex", email: "a@b.test", phone: "+44 1924 555 0100" }),
    ).toEqual({
      name: "Apex",
      email: "a@b.test",
      phone: "+44 1924 555 0100",
    });
  });

  it("refuses an empty name, a bad e-mail or phone, by field", () => {
    const paths = (input: unknown) =>
      newSubletVendorInput.safeParse(input).error?.issues.map((issue) => issue.path.join("."));
    expect(paths({ name: " " })).toEqual(["name"]);
    expect(paths({ name: "Apex", email: "not-mail" })).toEqual(["email"]);
    expect(paths({ name: "Apex", phone: "call me" })).toEqual(["phone"]);
    expect(paths({ name: "Apex", website: "x" })).toEqual([""]);
  });

  it("is sent to one vendor: of the list or new, not both", () => {
    expect(sendToSubletInput.parse({ vendor: { id: "01ABC" } })).toEqual({
      vendor: { id: "01ABC" },
      emailLink: false,
    });
    expect(sendToSubletInput.safeParse({ vendor: { id: "01ABC", new: { name: "Apex" } } }).success).toBe(
      false,
    );
  });
});

describe("a vendor's action", () => {
  it("prices in whole minor units, never negative", () => {
    expect(subletItemActionBody.parse({ action: "done", priceCents: 29_550 })).toEqual({
      action: "done",
      priceCents: 29_550,
    });
    for (const priceCents of [-1, 1.5, "100", null, 1e12]) {
      expect(subletItemActionBody.safeParse({ action: "done", priceCents }).success, String(priceCents)).toBe(
        false,
      );
    }
    expect(subletItemActionBody.safeParse({ action: "accept", priceCents: 1 }).success).toBe(false);
  });
});
