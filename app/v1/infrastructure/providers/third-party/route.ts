import { withApi } from "@/lib/http/with-api";
import { listThirdPartyProviders } from "@/lib/infrastructure/list-third-party-providers";
import { listThirdPartyProvidersQuery } from "@/lib/infrastructure/schemas";

// GET /v1/infrastructure/providers/third-party — the 3PLs configured for the caller's profile
export const GET = withApi(
  { scope: "integration", schemas: { query: listThirdPartyProvidersQuery } },
  async ({ caller }) => Response.json({ data: await listThirdPartyProviders(caller) }),
);
