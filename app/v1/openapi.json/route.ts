import { openApiDocument } from "@/lib/openapi/document";

// GET /v1/openapi.json — the OpenAPI 3.1 document of this API. Public documentation: no API key.
export function GET(): Response {
  return Response.json(openApiDocument(), {
    headers: { "cache-control": "public, max-age=300", "access-control-allow-origin": "*" },
  });
}
