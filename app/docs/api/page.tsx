import type { Metadata } from "next";
import { ScalarReference } from "@/components/api-reference/scalar-reference";
import { env, publicBaseUrl } from "@/lib/env";
import { openApiDocument } from "@/lib/openapi/document";
import { referenceDocument } from "@/lib/openapi/reference-document";

export const metadata: Metadata = {
  title: "API reference",
  description: "Reference of the Vehicle Movement Service /v1 API and its webhooks.",
};

// Rendered per request: the base URL and the demo keys in the examples come from the runtime settings.
export const dynamic = "force-dynamic";

// /docs/api — the readable API reference: the document served at /v1/openapi.json, drawn by Scalar.
export default function ApiReferencePage() {
  const settings = env();
  const document = referenceDocument(openApiDocument(), {
    baseUrl: `${publicBaseUrl()}/v1`,
    keys: { integration: settings.DEMO_API_KEY_A, operations: settings.DEMO_OPS_API_KEY },
  });
  return <ScalarReference document={document} />;
}
