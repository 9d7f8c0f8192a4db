// /infrastructure: the sites and 3PLs a movement request can name (integration scope).
import type { ZodOpenApiPathsObject } from "zod-openapi";
import {
  listSitesQuery,
  listSitesResponse,
  listThirdPartyProvidersQuery,
  listThirdPartyProvidersResponse,
} from "@/lib/infrastructure/schemas";
import { EXAMPLE_IDS } from "@/lib/openapi/examples";
import { TAGS, op } from "@/lib/openapi/operation";

export const infrastructurePaths: ZodOpenApiPathsObject = {
  "/infrastructure/sites": {
    get: op.get({
      operationId: "listSites",
      tag: TAGS.infrastructure,
      scope: "integration",
      summary: "List sites",
      description:
        "All dealership locations of your organisation. Use a site's `id` as `location.siteId`. " +
        "`timezone` decides the site's local day and slot; it is `null` when the country has several " +
        "clocks and none was set.",
      query: listSitesQuery,
      success: {
        status: 200,
        description: "The organisation's sites.",
        schema: listSitesResponse,
        example: {
          data: [
            {
              id: EXAMPLE_IDS.originSite,
              name: "Northgate Manchester",
              code: "MAN1",
              countryCode: "GB",
              timezone: "Europe/London",
              address: { line1: "Trafford Park Road", city: "Manchester", postcode: "M17 1HG" },
              latitude: 53.468,
              longitude: -2.311,
              isPrepSite: false,
            },
          ],
        },
      },
    }),
  },
  "/infrastructure/providers/third-party": {
    get: op.get({
      operationId: "listThirdPartyProviders",
      tag: TAGS.infrastructure,
      scope: "integration",
      summary: "List third-party logistics providers",
      description:
        "The 3PLs configured for your profile, with the transport methods they carry out and their rate " +
        "cards. Use an `id` as `thirdPartyLogisticsProviderId` in `create-with-3pl`.",
      query: listThirdPartyProvidersQuery,
      success: {
        status: 200,
        description: "The profile's 3PLs.",
        schema: listThirdPartyProvidersResponse,
        example: {
          data: [
            {
              id: EXAMPLE_IDS.provider,
              name: "Swift Vehicle Logistics",
              transportMethods: ["DRIVEN", "TRANSPORTED"],
              rateCards: [
                {
                  transportMethod: "TRANSPORTED",
                  baseCost: { centAmount: 4500, currencyCode: "GBP" },
                  perKmCost: { centAmount: 95, currencyCode: "GBP" },
                },
              ],
            },
          ],
        },
      },
    }),
  },
};
