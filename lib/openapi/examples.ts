// Example values shared by the path modules. Every example is parsed with its zod schema when the
// document is built (lib/openapi/operation.ts), so none can drift from what the API accepts.
export const EXAMPLE_IDS = {
  movementRequest: "01JD6Z3Q4W8XKZ5R2N7B9C1DFE",
  originSite: "01JD6YV9K2M3N4P5Q6R7S8T9UA",
  destinationSite: "01JD6YV9K2M3N4P5Q6R7S8T9UB",
  prepSite: "01JD6YV9K2M3N4P5Q6R7S8T9UC",
  provider: "01JD6YX1A2B3C4D5E6F7G8H9JK",
  driver: "01JD6YZ7M8N9P0Q1R2S3T4V5WX",
  prepJob: "01JD6Z5C6D7E8F9G0H1J2K3M4N",
  movement: "01JD6Z3Q4W8XKZ5R2N7B9C1DFF",
  event: "01JD7A2B3C4D5E6F7G8H9J0K1M",
  workItem: "01JD7B4C5D6E7F8G9H0J1K2M3N",
  poolPlan: "01JD7D4E5F6G7H8J9K0M1N2P3Q",
} as const;

export const EXAMPLE_VIN = "WVWZZZ1KZAW000001";
export const EXAMPLE_VRM = "AB12 CDE";

export const exampleLocation = (siteId: string) => ({ type: "INTERNAL" as const, siteId });

export const exampleMovementRequest = {
  id: EXAMPLE_IDS.movementRequest,
  vehicle: {
    vin: EXAMPLE_VIN,
    vrm: EXAMPLE_VRM,
    externalVehicleId: "STOCK-10442",
    make: "Volkswagen",
    model: "Golf",
    modelVariant: "1.5 TSI Life 5dr",
  },
  origin: {
    location: exampleLocation(EXAMPLE_IDS.originSite),
    readyToCollectFromTimeslot: "AM",
    readyToCollectFromDate: "2026-11-23",
    estimatedCollectionTimeslot: "AM",
    estimatedCollectionDate: "2026-11-23",
  },
  destination: {
    location: exampleLocation(EXAMPLE_IDS.destinationSite),
    deliveryByDate: "2026-11-25",
    deliveryByTimeslot: "PM",
    deliveryByTime: "16:00",
    deliverOnSpecifiedDate: false,
    estimatedDeliveryTimeslot: "PM",
    estimatedDeliveryDate: "2026-11-25",
  },
  status: "CREATED",
  estimatedCost: { centAmount: 14250, currencyCode: "GBP" },
  businessArea: "Retail",
  notes: "Keys are with reception.",
  transportMethod: "DRIVEN",
  trackingUrl: "https://vms.example.com/track/q7Z2xK9mWc4R",
  estimatedArrival: {
    earliest: "2026-11-25T12:00:00.000+00:00",
    latest: "2026-11-25T16:00:00.000+00:00",
    basis: "SCHEDULE",
  },
};
