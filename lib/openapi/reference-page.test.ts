import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ApiReference } from "@/components/api-reference/api-reference";
import { ERROR_CODES } from "@/lib/errors/app-error";
import { buildOpenApiDocument } from "@/lib/openapi/document";
import { errorAnchor } from "@/lib/openapi/errors";

const keys = { integration: "vms_test_integration_key_0001", operations: "vms_test_operations_key_0001" };
const html = renderToStaticMarkup(
  createElement(ApiReference, {
    document: buildOpenApiDocument(),
    baseUrl: "https://vms.example.com/v1",
    specUrl: "/v1/openapi.json",
    keys,
  }),
);
const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]);

describe("the /docs/api reference", () => {
  it("has a row for every error code, where problem bodies link to", () => {
    for (const code of ERROR_CODES) expect(ids).toContain(errorAnchor(code));
  });

  it("has no duplicate ids and no link to a missing anchor", () => {
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    const targets = [...html.matchAll(/href="#([^"]+)"/g)].map((match) => match[1]);
    expect(targets.filter((target) => !ids.includes(target))).toEqual([]);
  });

  it("has landmarks and headings in order", () => {
    for (const landmark of ["<header", "<nav", "<main"]) expect(html).toContain(landmark);
    const levels = [...html.matchAll(/<h([1-6])[\s>]/g)].map((match) => Number(match[1]));
    expect(levels.filter((level) => level === 1)).toHaveLength(1);
    expect(levels[0]).toBe(1);
    levels.forEach((level, index) => {
      if (index > 0) expect(level).toBeLessThanOrEqual((levels[index - 1] ?? 1) + 1);
    });
  });

  it("shows every operation with a curl example using the demo key of its scope", () => {
    expect(ids).toEqual(
      expect.arrayContaining(["createInPlanningPool", "listSites", "markMovementCollected"]),
    );
    expect(html).toContain(`X-Service-API-Key: ${keys.integration}`);
    expect(html).toContain(`X-Service-API-Key: ${keys.operations}`);
    expect(html).toContain("https://vms.example.com/v1/movement-requests/create-in-planning-pool");
  });
});
