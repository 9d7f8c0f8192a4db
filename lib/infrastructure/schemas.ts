// Response shapes of the infrastructure endpoints (extensions section 3), shared with the OpenAPI document.
import { z } from "zod";
import { moneySchema, transportMethodSchema } from "@/lib/schemas/common";

export const siteAddressSchema = z.object({
  line1: z.string(),
  line2: z.string().optional(),
  city: z.string(),
  postcode: z.string(),
});

export const siteSchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  countryCode: z.string().length(2).describe("ISO 3166-1 alpha-2"),
  timezone: z
    .string()
    .nullable()
    .describe("IANA zone: explicit, else derived from countryCode; null when the country has several clocks"),
  address: siteAddressSchema,
  latitude: z.number(),
  longitude: z.number(),
  isPrepSite: z.boolean(),
});
export type SiteResponse = z.infer<typeof siteSchema>;

export const listSitesQuery = z.strictObject({});
export const listSitesResponse = z.object({ data: z.array(siteSchema) });

export const rateCardSchema = z.object({
  transportMethod: transportMethodSchema,
  baseCost: moneySchema,
  perKmCost: moneySchema,
});

export const thirdPartyProviderSchema = z.object({
  id: z.string().describe("Use as thirdPartyLogisticsProviderId in create-with-3pl"),
  name: z.string(),
  transportMethods: z.array(transportMethodSchema).describe("Transport methods the 3PL carries out"),
  rateCards: z
    .array(rateCardSchema)
    .describe("A method without a rate card can be dispatched; its estimatedCost is then absent"),
});
export type ThirdPartyProviderResponse = z.infer<typeof thirdPartyProviderSchema>;

export const listThirdPartyProvidersQuery = z.strictObject({});
export const listThirdPartyProvidersResponse = z.object({ data: z.array(thirdPartyProviderSchema) });
