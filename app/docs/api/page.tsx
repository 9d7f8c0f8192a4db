import type { Metadata } from "next";
import { ApiReference } from "@/components/api-reference/api-reference";
import { env, publicBaseUrl } from "@/lib/env";
import { openApiDocument } from "@/lib/openapi/document";

export const metadata: Metadata = {
  title: "API reference",
  description: "Reference of the Vehicle Movement Service /v1 API and its webhooks.",
};

// Rendered per request: the base URL and the demo keys in the examples come from the runtime settings.
export const dynamic = "force-dynamic";

// /docs/api — the readable API reference, rendered from the same OpenAPI document as /v1/openapi.json
export default function ApiReferencePage() {
  const settings = env();
  return (
    <ApiReference
      document={openApiDocument()}
      baseUrl={`${publicBaseUrl()}/v1`}
      specUrl="/v1/openapi.json"
      keys={{ integration: settings.DEMO_API_KEY_A, operations: settings.DEMO_OPS_API_KEY }}
    />
  );
}
