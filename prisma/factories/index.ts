// Row builders for the seed and for integration tests: sensible defaults, any column overridable.
export type { FactoryDb } from "./db";
export { createOrganisation, type OrganisationOverrides } from "./organisation";
export { createProfile, type ProfileInput } from "./profile";
export { createApiKey, type ApiKeyInput } from "./api-key";
export { createUser, DEFAULT_TEST_PASSWORD, type UserInput } from "./user";
export { createSite, type SiteInput } from "./site";
export {
  createProvider,
  configureProviderForProfile,
  type ProviderInput,
  type RateCardPrice,
} from "./provider";
export { createInternalRateCard, type InternalRateCardInput } from "./rate-card";
export { createDriver, type DriverInput } from "./driver";
export {
  createMovementRequest,
  type MovementRequestInput,
  type LegInput,
  type StatusStep,
} from "./movement-request";
export { createPrepJob, type PrepJobInput } from "./prep-job";
export { createReconWorkItem, type ReconWorkItemInput } from "./recon-work-item";
export { testVin, testVrm, withVinCheckDigit } from "./vehicle";
export { utcDate, addHours, dateOnlyFromToday } from "./dates";
