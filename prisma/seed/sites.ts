// Demo sites. Zones are left null: GB and JP resolve from the country, US (several zones) cannot.
import type { Site } from "@/lib/generated/prisma/client";
import { createSite, type FactoryDb } from "@/prisma/factories";

type SiteData = {
  code: string;
  name: string;
  countryCode: string;
  addressLine1: string;
  addressLine2?: string;
  city: string;
  postcode: string;
  latitude: number;
  longitude: number;
  /** The site's desk (E.164; Ofcom's drama range): the job page offers it to call. */
  phone?: string;
  isPrepSite?: boolean;
};

export const NORTHGATE_SITES: SiteData[] = [
  {
    code: "MAN1",
    name: "Northgate Manchester",
    countryCode: "GB",
    addressLine1: "Trafford Park Road",
    city: "Manchester",
    postcode: "M17 1HG",
    latitude: 53.468,
    longitude: -2.311,
    phone: "+441614960123",
  },
  {
    code: "LDS1",
    name: "Northgate Leeds",
    countryCode: "GB",
    addressLine1: "212 Kirkstall Road",
    city: "Leeds",
    postcode: "LS4 2AZ",
    latitude: 53.804,
    longitude: -1.579,
    phone: "+441134960456",
  },
  {
    code: "BHM1",
    name: "Northgate Birmingham",
    countryCode: "GB",
    addressLine1: "1520 Bristol Road South",
    city: "Birmingham",
    postcode: "B31 2AA",
    latitude: 52.415,
    longitude: -1.97,
  },
  {
    code: "BRS1",
    name: "Northgate Bristol",
    countryCode: "GB",
    addressLine1: "Cribbs Causeway",
    addressLine2: "Patchway",
    city: "Bristol",
    postcode: "BS10 7TL",
    latitude: 51.5245,
    longitude: -2.595,
  },
  {
    code: "SHF1",
    name: "Northgate Sheffield",
    countryCode: "GB",
    addressLine1: "Brightside Lane",
    city: "Sheffield",
    postcode: "S9 2RX",
    latitude: 53.401,
    longitude: -1.422,
    phone: "+441144960789",
  },
  {
    code: "WRT1",
    name: "Northgate Prep Centre Warrington",
    countryCode: "GB",
    addressLine1: "Unit 4, Winwick Quay",
    city: "Warrington",
    postcode: "WA2 8LT",
    latitude: 53.4155,
    longitude: -2.596,
    isPrepSite: true,
  },
  {
    code: "WKF1",
    name: "Northgate Prep Centre Wakefield",
    countryCode: "GB",
    addressLine1: "Calder Park Industrial Estate",
    city: "Wakefield",
    postcode: "WF2 7UA",
    latitude: 53.654,
    longitude: -1.518,
    isPrepSite: true,
  },
  {
    code: "COV1",
    name: "Northgate Prep Centre Coventry",
    countryCode: "GB",
    addressLine1: "Siskin Drive",
    city: "Coventry",
    postcode: "CV3 4FJ",
    latitude: 52.383,
    longitude: -1.475,
    isPrepSite: true,
  },
  {
    code: "YOK1",
    name: "Northgate Yokohama",
    countryCode: "JP",
    addressLine1: "2-3-1 Minatomirai",
    addressLine2: "Nishi-ku",
    city: "Yokohama",
    postcode: "220-0012",
    latitude: 35.4576,
    longitude: 139.6325,
  },
  {
    code: "CHI1",
    name: "Northgate Chicago",
    countryCode: "US",
    addressLine1: "1200 W Fulton Market",
    city: "Chicago",
    postcode: "60607",
    latitude: 41.8866,
    longitude: -87.658,
  },
];

export const HARBOUR_SITES: SiteData[] = [
  {
    code: "SOU1",
    name: "Harbour Fleet Southampton",
    countryCode: "GB",
    addressLine1: "Western Docks",
    city: "Southampton",
    postcode: "SO15 1DA",
    latitude: 50.904,
    longitude: -1.418,
  },
  {
    code: "POO1",
    name: "Harbour Fleet Poole",
    countryCode: "GB",
    addressLine1: "Nuffield Road",
    city: "Poole",
    postcode: "BH17 0RU",
    latitude: 50.737,
    longitude: -1.986,
  },
  {
    code: "PME1",
    name: "Harbour Fleet Prep Portsmouth",
    countryCode: "GB",
    addressLine1: "Walton Road",
    addressLine2: "Drayton",
    city: "Portsmouth",
    postcode: "PO6 1TJ",
    latitude: 50.843,
    longitude: -1.064,
    isPrepSite: true,
  },
];

export async function createDemoSites(
  db: FactoryDb,
  organisationId: string,
  sites: SiteData[],
): Promise<Map<string, Site>> {
  const byCode = new Map<string, Site>();
  for (const site of sites) {
    const row = await createSite(db, {
      organisationId,
      ...site,
      addressLine2: site.addressLine2 ?? null,
      isPrepSite: site.isPrepSite ?? false,
      timezone: null,
    });
    byCode.set(site.code, row);
  }
  return byCode;
}
