import { describe, expect, it } from "vitest";
import { ERROR_CODES } from "@/lib/errors/app-error";
import { buildOpenApiDocument } from "@/lib/openapi/document";
import { errorAnchor } from "@/lib/openapi/errors";
import { referenceDocument } from "@/lib/openapi/reference-document";

const keys = { integration: "vms_test_integration_key_0001", operations: "vms_test_operations_key_0001" };
const served = buildOpenApiDocument();
const shown = referenceDocument(served, { baseUrl: "https://vms.example.com/v1", keys }) as {
  info: { description: string };
  servers: { url: string }[];
  tags: { name: string; description?: string; "x-extension"?: boolean }[];
  paths: Record<string, Record<string, { operationId: string; "x-codeSamples"?: { source: string }[] }>>;
};
const operations = Object.values(shown.paths).flatMap((item) => Object.values(item));
const sampleOf = (operationId: string) =>
  operations.find((operation) => operation.operationId === operationId)?.["x-codeSamples"]?.[0]?.source;

describe("the document /docs/api shows", () => {
  it("leaves the served document as it was", () => {
    expect(served.servers).toEqual([{ url: "/v1", description: "This service" }]);
    expect(JSON.stringify(served)).not.toContain("x-codeSamples");
  });

  it("has a row for every error code, carrying the anchor problem bodies link to", () => {
    for (const code of ERROR_CODES) {
      expect(shown.info.description).toMatch(new RegExp(`\\| <span id="${errorAnchor(code)}">\`${code}\``));
    }
  });

  it("gives every operation a curl example with this service's address and its scope's demo key", () => {
    expect(shown.servers[0]?.url).toBe("https://vms.example.com/v1");
    expect(operations.every((operation) => operation["x-codeSamples"]?.length === 1)).toBe(true);
    const create = sampleOf("createInPlanningPool");
    expect(create).toContain(
      "curl -X POST 'https://vms.example.com/v1/movement-requests/create-in-planning-pool'",
    );
    expect(create).toContain(`X-Service-API-Key: ${keys.integration}`);
    expect(create).toContain("Idempotency-Key: $(uuidgen)");
    expect(create).toContain("-d '{");
    expect(sampleOf("markMovementCollected")).toContain(`X-Service-API-Key: ${keys.operations}`);
    expect(sampleOf("listSites")).toMatch(/^curl 'https:\/\/vms\.example\.com\/v1\/infrastructure\/sites/);
  });

  it("marks the extension tags", () => {
    const extensions = shown.tags.filter((tag) => tag["x-extension"]);
    expect(extensions.length).toBeGreaterThan(0);
    for (const tag of extensions) expect(tag.description).toContain("*Extension*");
  });
});
