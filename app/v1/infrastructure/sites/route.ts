import { listSites } from "@/lib/infrastructure/list-sites";
import { listSitesQuery } from "@/lib/infrastructure/schemas";
import { withApi } from "@/lib/http/with-api";

// GET /v1/infrastructure/sites — the dealership locations of the caller's organisation
export const GET = withApi({ scope: "integration", schemas: { query: listSitesQuery } }, async ({ caller }) =>
  Response.json({ data: await listSites(caller) }),
);
