// The whole demo data set, in dependency order. Requests are inserted oldest first so that their ULIDs
// sort like their creation times.
import { createDemoPrepSiteSettings } from "./prep-site-settings";
import { createDemoSites, HARBOUR_SITES, NORTHGATE_SITES } from "./sites";
import {
  CARCARRIER,
  configureProviders,
  createDemoDrivers,
  createDemoProviders,
  createInternalRateCards,
  HARBOUR_DRIVERS,
  NORTHGATE_DRIVERS,
  PENNINE,
  SWIFTMOVE,
} from "./carriers";
import type { DemoOrganisation, DemoWorld } from "./context";
import { createDemoPrepJob, type DemoPrepJob } from "./prep-jobs";
import { createDemoChecklists } from "./inspection";
import { createDemoRecon, createDemoReconHistory } from "./recon";
import { createDemoSublet } from "./sublet";
import { harbourPrepJobs, northgatePrepJobs } from "./prep-jobs-data";
import { createDemoRequest, type DemoRequest } from "./requests";
import { harbourRequests } from "./requests-harbour";
import { northgateRequests } from "./requests-northgate";
import { createDemoMarketplaceCarrier } from "./marketplace";
import {
  createReportHistoryEtaOutcomes,
  createReportHistoryPrepJobs,
  reportHistoryRequests,
} from "./report-history";
import { createNorthgateStaff, createHarbourStaff } from "./staff";
import { createHarbour, createNorthgate, type DemoTenant } from "./tenants";
import type { FactoryDb } from "@/prisma/factories";

export async function seedDemo(db: FactoryDb, now: Date): Promise<void> {
  const providers = await createDemoProviders(db);

  const northgateTenant = await createNorthgate(db);
  const northgateSites = await createDemoSites(db, northgateTenant.organisationId, NORTHGATE_SITES);
  const northgate = completeOrganisation(northgateTenant, {
    dispatcherEmail: "dispatcher@demo.test",
    sites: northgateSites,
    drivers: await createDemoDrivers(
      db,
      northgateTenant.organisationId,
      NORTHGATE_DRIVERS,
      "drivers.demo.test",
      northgateSites,
    ),
    internalRateCards: await createInternalRateCards(db, northgateTenant.organisationId, {
      driven: [2500, 60],
      transported: [6000, 120],
    }),
  });
  await createNorthgateStaff(db, northgate.organisation.id, northgate.sites);
  await createDemoMarketplaceCarrier(db, northgate.organisation.id, now);
  await createDemoPrepSiteSettings(db, northgate.sites);
  await configureProviders(db, northgate.profile.id, providers, [SWIFTMOVE, CARCARRIER, PENNINE]);

  const harbourTenant = await createHarbour(db);
  const harbourSites = await createDemoSites(db, harbourTenant.organisationId, HARBOUR_SITES);
  const harbour = completeOrganisation(harbourTenant, {
    dispatcherEmail: "dispatcher@other.test",
    sites: harbourSites,
    drivers: await createDemoDrivers(
      db,
      harbourTenant.organisationId,
      HARBOUR_DRIVERS,
      "drivers.other.test",
      harbourSites,
    ),
    internalRateCards: await createInternalRateCards(db, harbourTenant.organisationId, {
      driven: [3000, 70],
      transported: [6500, 125],
    }),
  });
  await createHarbourStaff(db, harbour.organisation.id);
  await configureProviders(db, harbour.profile.id, providers, [SWIFTMOVE, CARCARRIER]);

  const world: DemoWorld = { now, northgate, harbour, providers };
  const requests: Array<{ org: DemoOrganisation; request: DemoRequest }> = [];
  const jobs: Array<{ org: DemoOrganisation; job: DemoPrepJob }> = [
    ...northgatePrepJobs().map((job) => ({ org: northgate, job })),
    ...harbourPrepJobs().map((job) => ({ org: harbour, job })),
  ];
  for (const { org, job } of jobs.sort((a, b) => jobAge(b.job) - jobAge(a.job))) {
    const linked = await createDemoPrepJob(db, world, org, job);
    requests.push(...linked.map((request) => ({ org, request })));
  }
  await createDemoRecon(db, world, northgate);
  await createDemoChecklists(db, northgate);
  await createDemoChecklists(db, harbour);
  await createDemoSublet(db, world, northgate);
  await createReportHistoryPrepJobs(db, world, northgate);
  await createDemoReconHistory(db, world, northgate);
  requests.push(...reportHistoryRequests().map((request) => ({ org: northgate, request })));
  requests.push(...northgateRequests().map((request) => ({ org: northgate, request })));
  requests.push(...harbourRequests().map((request) => ({ org: harbour, request })));
  requests.sort((a, b) => b.request.createdHoursAgo - a.request.createdHoursAgo);
  for (const { org, request } of requests) await createDemoRequest(db, world, org, request);
  await createReportHistoryEtaOutcomes(db, northgate);
}

function jobAge(job: DemoPrepJob): number {
  return job.inbound?.createdHoursAgo ?? job.createdHoursAgo ?? job.stageHoursAgo;
}

function completeOrganisation(
  tenant: DemoTenant,
  rest: Pick<DemoOrganisation, "dispatcherEmail" | "sites" | "drivers" | "internalRateCards">,
): DemoOrganisation {
  return {
    organisation: tenant.organisation,
    profile: tenant.profile,
    integrationEmail: tenant.integrationEmail,
    integrationActor: tenant.integrationActor,
    operationsActor: tenant.operationsActor,
    ...rest,
  };
}
