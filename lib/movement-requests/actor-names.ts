// The audit trail keeps who acted as a stable reference ("driver:<id>", "3pl:<id>", "carrier:<id>",
// "user:<e-mail>", "api-key:<prefix>", "system"): names change, ids do not. People read names, so
// what shows the trail names each actor as it is now, from the organisation's own rows only.
import "server-only";
import { kysely, type Kdb } from "@/lib/db";

/** The accept's audit reason when a driver's offer is accepted (the board names the driver). */
const ACCEPTED_BY_DRIVER = "Accepted by driver ";

export function acceptedByDriverReason(driverId: string): string {
  return `${ACCEPTED_BY_DRIVER}${driverId}`;
}

type Parsed = { kind: string; ref: string };

function parse(actor: string): Parsed {
  const colon = actor.indexOf(":");
  return colon < 0 ? { kind: actor, ref: "" } : { kind: actor.slice(0, colon), ref: actor.slice(colon + 1) };
}

/** Reads people's names for the actors given; `nameOf` then says each one. */
export async function actorNamesOf(
  organisationId: string,
  actors: readonly string[],
  k: Kdb = kysely(),
): Promise<(actor: string) => string> {
  const refs = (kind: string) => [
    ...new Set(
      actors
        .map(parse)
        .filter((p) => p.kind === kind)
        .map((p) => p.ref),
    ),
  ];
  const [drivers, providers, carriers, users, keys] = await Promise.all([
    listed(refs("driver"), (ids) =>
      k
        .selectFrom("Driver")
        .select(["id", "firstname", "surname"])
        .where("organisationId", "=", organisationId)
        .where("id", "in", ids)
        .execute()
        .then((rows) => rows.map((row) => [row.id, `${row.firstname} ${row.surname} (driver)`] as const)),
    ),
    // 3PLs are global rows: the name is no secret, and only ids on this organisation's trail are asked.
    listed(refs("3pl"), (ids) =>
      k
        .selectFrom("ThirdPartyLogisticsProvider")
        .select(["id", "name"])
        .where("id", "in", ids)
        .execute()
        .then((rows) => rows.map((row) => [row.id, `${row.name} (3PL)`] as const)),
    ),
    listed(refs("carrier"), (ids) =>
      k
        .selectFrom("MarketplaceCarrier")
        .select(["id", "name"])
        .where("organisationId", "=", organisationId)
        .where("id", "in", ids)
        .execute()
        .then((rows) => rows.map((row) => [row.id, `${row.name} (marketplace carrier)`] as const)),
    ),
    listed(refs("user"), (emails) =>
      k
        .selectFrom("User")
        .select(["email", "name"])
        .where("organisationId", "=", organisationId)
        .where("email", "in", emails)
        .execute()
        .then((rows) =>
          rows.map((row) => [row.email, row.name ? `${row.name} (${row.email})` : row.email] as const),
        ),
    ),
    listed(refs("api-key"), (prefixes) =>
      k
        .selectFrom("ApiKey")
        .innerJoin("Profile", "Profile.id", "ApiKey.profileId")
        .select(["ApiKey.prefix", "ApiKey.name"])
        .where("Profile.organisationId", "=", organisationId)
        .where("ApiKey.prefix", "in", prefixes)
        .execute()
        .then((rows) => rows.map((row) => [row.prefix, `API key “${row.name}”`] as const)),
    ),
  ]);
  const byKind: Record<string, Map<string, string>> = {
    driver: drivers,
    "3pl": providers,
    carrier: carriers,
    user: users,
    "api-key": keys,
  };
  return (actor) => {
    const { kind, ref } = parse(actor);
    return byKind[kind]?.get(ref) ?? fallbackName(kind, ref);
  };
}

/** An audit reason with the driver named (other reasons are the people's own words). */
export function namedReason(reason: string | null, nameOf: (actor: string) => string): string | null {
  if (!reason?.startsWith(ACCEPTED_BY_DRIVER)) return reason;
  return `Accepted for ${nameOf(`driver:${reason.slice(ACCEPTED_BY_DRIVER.length)}`)}`;
}

/** The driver ids an accept's reasons name, to be read with the actors. */
export function actorsInReasons(reasons: readonly (string | null)[]): string[] {
  return reasons.flatMap((reason) =>
    reason?.startsWith(ACCEPTED_BY_DRIVER) ? [`driver:${reason.slice(ACCEPTED_BY_DRIVER.length)}`] : [],
  );
}

/** A row that is gone (or never was this organisation's): say what kind of actor, never its raw id. */
function fallbackName(kind: string, ref: string): string {
  switch (kind) {
    case "system":
      return "System";
    case "user":
      return ref;
    case "driver":
      return "A driver (no longer listed)";
    case "3pl":
      return "A 3PL (no longer listed)";
    case "carrier":
      return "A marketplace carrier (no longer listed)";
    case "api-key":
      return `API key ${ref}…`;
    default:
      return kind;
  }
}

async function listed(
  refs: string[],
  read: (refs: string[]) => Promise<(readonly [string, string])[]>,
): Promise<Map<string, string>> {
  return new Map(refs.length === 0 ? [] : await read(refs));
}
