// The job page's data: the vehicle, both sites with their addresses and time zones, the ready and
// deadline days (calendar days at each site, as the request keeps them), the contacts, the carrier's
// legs and the actions the transition tables allow. Nothing of other carriers: no prices, no other
// driver's name. Null for a link that does not work (404).
import "server-only";
import { kysely } from "@/lib/db";
import { toDateOnly } from "@/lib/dates";
import { carrierLegs, jobActions } from "@/lib/carrier-jobs/job-link-standing";
import { resolveJobLink, type ResolvedJobLink } from "@/lib/carrier-jobs/resolve-job-link";
import type { JobSite, JobView } from "@/lib/carrier-jobs/schemas";
import { resolveSiteTimeZone } from "@/lib/infrastructure/site-time-zone";
import { requiredSlotsOf } from "@/lib/proofs/photo-slots";

type SiteRow = {
  id: string;
  name: string;
  addressLine1: string;
  addressLine2: string | null;
  city: string;
  postcode: string;
  timezone: string | null;
  countryCode: string;
  latitude: number;
  longitude: number;
  phone: string | null;
};

export async function getJobView(token: string, now = new Date()): Promise<JobView | null> {
  const resolved = await resolveJobLink(token, now);
  return resolved ? toJobView(resolved, now) : null;
}

export async function toJobView(resolved: ResolvedJobLink, now: Date): Promise<JobView> {
  const { link, request, standingRequest, standing } = resolved;
  const sites: SiteRow[] = await kysely()
    .selectFrom("Site")
    .select([
      "id",
      "name",
      "addressLine1",
      "addressLine2",
      "city",
      "postcode",
      "timezone",
      "countryCode",
      "latitude",
      "longitude",
      "phone",
    ])
    .where("organisationId", "=", request.organisationId)
    .execute();
  const siteById = new Map(sites.map((site) => [site.id, site]));
  const site = (id: string) => toJobSite(siteById.get(id));
  const [organisation, carrierName, contact] = await Promise.all([
    kysely()
      .selectFrom("Organisation")
      .select(["name", "proofPhotoSlots", "dispatchPhone"])
      .where("id", "=", request.organisationId)
      .executeTakeFirstOrThrow(),
    carrierNameOf(link),
    contactOf(link.createdBy, request.organisationId),
  ]);
  const own = carrierLegs(link, standingRequest.legs);
  // While an offer is open the carrier sees every leg it would take on.
  const shown = own.length > 0 ? own : standingRequest.legs;
  return {
    state: standing,
    organisation: organisation.name,
    carrierName,
    status: request.status,
    vehicle: {
      description: [request.make, request.model, request.modelVariant].filter(Boolean).join(" ") || "Vehicle",
      vrm: request.vrm,
      vin: request.vin,
    },
    origin: site(request.originSiteId),
    destination: site(request.destinationSiteId),
    ready: { date: toDateOnly(request.readyToCollectFromDate), timeslot: request.readyToCollectFromTimeslot },
    deadline: {
      date: toDateOnly(request.deliveryByDate),
      timeslot: request.deliveryByTimeslot,
      time: request.deliveryByTime,
      onTheDay: request.deliverOnSpecifiedDate,
    },
    notes: request.notes,
    // Whoever offered the job, and the dispatch desk's number when the organisation gives one.
    contacts: [
      ...(contact ? [contact] : []),
      ...(organisation.dispatchPhone || !contact
        ? [{ label: `${organisation.name} dispatch`, email: null, phone: organisation.dispatchPhone }]
        : []),
    ],
    legs: shown.map((leg) => {
      const full = request.movements.find((candidate) => candidate.legNumber === leg.legNumber);
      return {
        legNumber: leg.legNumber,
        status: leg.status,
        from: siteById.get(full?.originSiteId ?? "")?.name ?? "",
        to: siteById.get(full?.destinationSiteId ?? "")?.name ?? "",
      };
    }),
    actions: jobActions(link, standingRequest, now),
    onTheRoad: standing === "active" && own.some((leg) => leg.status === "IN_PROGRESS"),
    proofPhotoSlots: requiredSlotsOf(organisation.proofPhotoSlots),
  };
}

function toJobSite(site: SiteRow | undefined): JobSite {
  if (!site) {
    return {
      name: "Unknown site",
      address: "",
      timeZone: "UTC",
      latitude: null,
      longitude: null,
      phone: null,
    };
  }
  return {
    name: site.name,
    address: [site.addressLine1, site.addressLine2, site.city, site.postcode].filter(Boolean).join(", "),
    timeZone: resolveSiteTimeZone(site) ?? "UTC",
    latitude: site.latitude,
    longitude: site.longitude,
    phone: site.phone,
  };
}

async function carrierNameOf(link: ResolvedJobLink["link"]): Promise<string> {
  if (link.marketplaceCarrierId) {
    const carrier = await kysely()
      .selectFrom("MarketplaceCarrier")
      .select("name")
      .where("id", "=", link.marketplaceCarrierId)
      .executeTakeFirst();
    return carrier?.name ?? "Carrier";
  }
  if (link.driverId) {
    const driver = await kysely()
      .selectFrom("Driver")
      .select(["firstname", "surname"])
      .where("id", "=", link.driverId)
      .executeTakeFirst();
    return driver ? `${driver.firstname} ${driver.surname}` : "Driver";
  }
  const provider = await kysely()
    .selectFrom("ThirdPartyLogisticsProvider")
    .select("name")
    .where("id", "=", link.thirdPartyLogisticsProviderId ?? "")
    .executeTakeFirst();
  return provider?.name ?? "Carrier";
}

/** Whoever offered the job, when a staff member did (actor "user:<e-mail>"). */
async function contactOf(actor: string, organisationId: string) {
  if (!actor.startsWith("user:")) return null;
  const user = await kysely()
    .selectFrom("User")
    .select(["name", "email"])
    .where("email", "=", actor.slice("user:".length))
    .where("organisationId", "=", organisationId)
    .executeTakeFirst();
  return user ? { label: `${user.name} (dispatcher)`, email: user.email, phone: null } : null;
}
