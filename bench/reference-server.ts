// The reference of the API benchmark: a bare `node:http` server with a `pg` pool (the app's pool size)
// that issues the same statements, in the same order and round trips, as the product does for
// `POST /v1/movement-requests/create-in-planning-pool` and `GET /v1/movement-requests/{id}` (captured
// from Prisma's query log; the raw ones copied from the product: keep them in step). No framework, no validation library, no ORM: the difference in throughput
// against the product is what Next.js, Prisma's JS layer, zod and the response mapping cost.
// Run: DATABASE_URL=… PORT=… tsx bench/reference-server.ts
import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import pg from "pg";
import { monotonicFactory } from "ulid";

const newId = monotonicFactory();
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.POOL_SIZE ?? 10),
});
const port = Number(process.env.PORT ?? 3249);

type Caller = { apiKeyId: string; profileId: string; organisationId: string; prefix: string; email: string };
type CreateBody = {
  vehicle: { vin?: string; vrm?: string; make?: string; model?: string };
  origin: { location: { siteId: string } };
  destination: { location: { siteId: string }; deliveryByDate: string; deliveryByTime?: string };
  businessArea: string;
  transportMethod: string;
  requestedBy?: string;
};
type Db = pg.Pool | pg.PoolClient;

const server = http.createServer((request, response) => {
  handle(request)
    .then(({ status, body }) => send(response, status, body))
    .catch((error: unknown) => send(response, 500, { title: String(error) }));
});
server.listen(port, "127.0.0.1", () => console.log(`reference server on http://127.0.0.1:${port}`));
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => server.close(() => void pool.end().then(() => process.exit(0))));
}

async function handle(request: http.IncomingMessage): Promise<{ status: number; body: unknown }> {
  if (request.url === "/health") return { status: 200, body: { status: "ok" } };
  const caller = await authenticate(request.headers["x-service-api-key"]);
  if (!caller) return { status: 401, body: { title: "Unauthorized" } };
  const url = request.url ?? "/";
  if (request.method === "POST" && url === "/v1/movement-requests/create-in-planning-pool") {
    const body = JSON.parse(await readBody(request)) as CreateBody;
    return { status: 201, body: await create(caller, body) };
  }
  const get = /^\/v1\/movement-requests\/([0-9A-Z]{26})$/.exec(url);
  if (request.method === "GET" && get?.[1]) {
    const found = await load(pool, caller, get[1]);
    return found ? { status: 200, body: found } : { status: 404, body: { title: "Not found" } };
  }
  return { status: 404, body: { title: "No such route" } };
}

/** As lib/auth/authenticate-api-key.ts: the key by its hash, with its profile's organisation. */
async function authenticate(key: string | string[] | undefined): Promise<Caller | undefined> {
  if (typeof key !== "string") return undefined;
  const hash = createHash("sha256").update(key, "utf8").digest("hex");
  const { rows } = await pool.query(
    `SELECT k."id", k."profileId", p."organisationId", k."prefix", k."hash", k."scopes"::text[] AS "scopes",
       k."ownerEmail", k."lastUsedAt", k."revokedAt"
     FROM "ApiKey" k JOIN "Profile" p ON p."id" = k."profileId"
     WHERE k."hash" = $1`,
    [hash],
  );
  const apiKey = rows[0];
  if (!apiKey || apiKey.revokedAt) return undefined;
  return {
    apiKeyId: apiKey.id,
    profileId: apiKey.profileId,
    organisationId: apiKey.organisationId,
    prefix: apiKey.prefix,
    email: apiKey.ownerEmail,
  };
}

/** As lib/movement-requests/create-movement-request.ts for the planning pool, statement by statement. */
async function create(caller: Caller, body: CreateBody) {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    // As lib/infrastructure/get-sites-or-throw.ts and create-movement-request.ts's organisationPricing.
    const sites = await client.query(
      `SELECT * FROM "Site" WHERE "organisationId" = $1 AND "id" = ANY($2::text[])`,
      [caller.organisationId, [body.origin.location.siteId, body.destination.location.siteId]],
    );
    if (sites.rowCount !== 2) throw new Error("unknown site");
    await client.query(
      `SELECT o."trackingEnabled", to_jsonb(r) AS "rateCard"
       FROM "Organisation" o
       LEFT JOIN "RateCard" r ON r."organisationId" = o."id" AND r."transportMethod" = $2::"TransportMethod"
       WHERE o."id" = $1`,
      [caller.organisationId, body.transportMethod],
    );
    const now = new Date().toISOString();
    const today = now.slice(0, 10);
    const deliveryBy = body.destination.deliveryByDate;
    const id = newId();
    const token = randomBytes(24).toString("base64url");
    // As lib/movement-requests/insert-movement-request.ts: the request, its first leg and its status change.
    await client.query(
      `WITH request AS (
         INSERT INTO "MovementRequest" ("id","organisationId","profileId","status","vin","vrm","make","model",
           "originSiteId","readyToCollectFromDate","readyToCollectFromTimeslot","estimatedCollectionDate",
           "estimatedCollectionTimeslot","destinationSiteId","deliveryByDate","deliveryByTimeslot",
           "deliveryByTime","deliverOnSpecifiedDate","estimatedDeliveryDate","estimatedDeliveryTimeslot","businessArea",
           "transportMethod","requestedBy","createdBy","estimatedCostCents","estimatedCostCurrency","trackingToken",
           "createdAt","updatedAt")
         VALUES ($1,$2,$3,'CREATED',$4,$5,$6,$7,$8,$9::date,'AM',$9::date,'AM',$10,$11::date,'PM',$12,false,$11::date,
           'PM',$13::"BusinessArea",$14::"TransportMethod",$15,$16,6162,'GBP',$17,$18::timestamp(3),$18::timestamp(3))
       ),
       first_leg AS (
         INSERT INTO "Movement" ("id","movementRequestId","legNumber","originSiteId","destinationSiteId",
           "originScheduledOn","originScheduledTimeslot","originPredictedOn","originPredictedTimeslot",
           "destinationScheduledOn","destinationScheduledTimeslot","destinationPredictedOn",
           "destinationPredictedTimeslot","createdAt","updatedAt")
         VALUES ($19,$1,1,$8,$10,$9::date,'AM',$9::date,'AM',$11::date,'PM',$11::date,'PM',$18::timestamp(3),
           $18::timestamp(3))
       )
       INSERT INTO "MovementRequestStatusChange" ("id","movementRequestId","toStatus","actor","occurredAt")
       VALUES ($20,$1,'CREATED',$21,$18::timestamp(3))`,
      [
        id,
        caller.organisationId,
        caller.profileId,
        body.vehicle.vin,
        body.vehicle.vrm,
        body.vehicle.make,
        body.vehicle.model,
        body.origin.location.siteId,
        today,
        body.destination.location.siteId,
        deliveryBy,
        body.destination.deliveryByTime,
        body.businessArea,
        body.transportMethod,
        body.requestedBy,
        caller.email,
        token,
        now,
        newId(),
        newId(),
        `api-key:${caller.prefix}`,
      ],
    );
    // As lib/events/record-event.ts: the event (no webhook envelope, so no deliveries) and the wake-up.
    await client.query(
      `WITH event AS (
         INSERT INTO "Event" ("id","organisationId","profileId","type","resourceType","resourceId","resourceVersion",
           "occurredAt","payload","envelope","createdAt")
         VALUES ($1,$2,$3,'movement_request.created','movement_request',$4,1,$5::timestamp(3),$6::jsonb,NULL,$5::timestamp(3))
       ),
       deliveries AS (
         INSERT INTO "WebhookDelivery" ("id","endpointId","eventId","nextAttemptAt","createdAt")
         SELECT delivery.id, delivery."endpointId", $1, $5::timestamp(3), $5::timestamp(3)
         FROM unnest($7::text[], $7::text[]) AS delivery(id, "endpointId")
       )
       SELECT pg_notify('vms_events', $2)`,
      [newId(), caller.organisationId, caller.profileId, id, now, JSON.stringify({ status: "CREATED" }), []],
    );
    // As lib/notifications/notify-movement-recipient.ts and enqueue-email.ts.
    await client.query(
      `SELECT o."trackingEnabled",
         (SELECT "city" FROM "Site" WHERE "id" = $2) AS "originCity",
         (SELECT "city" FROM "Site" WHERE "id" = $3) AS "destinationCity"
       FROM "Organisation" o WHERE o."id" = $1`,
      [caller.organisationId, body.origin.location.siteId, body.destination.location.siteId],
    );
    if (body.requestedBy) {
      await client.query(
        `INSERT INTO "EmailMessage" ("id","organisationId","kind","to","subject","text","nextAttemptAt","createdAt")
         VALUES ($1,$2,'tracking',$3,'Track your vehicle movement',$4,$5::timestamp(3),$5::timestamp(3))`,
        [newId(), caller.organisationId, body.requestedBy, `Follow it here: /track/${token}\n`, now],
      );
    }
    const created = await load(client, caller, id);
    await client.query("COMMIT");
    return created;
  } catch (error) {
    await client.query("ROLLBACK");
    throw error;
  } finally {
    client.release();
  }
}

/** As getMovementRequestOrThrow: the request, its organisation's trackingEnabled and its legs in one query. */
async function load(db: Db, caller: Caller, id: string) {
  const { rows } = await db.query(
    `SELECT r.*, o."trackingEnabled",
       COALESCE((
         SELECT jsonb_agg(
                  to_jsonb(m) || jsonb_build_object('driver', to_jsonb(d), 'provider', to_jsonb(p))
                  ORDER BY m."legNumber")
         FROM "Movement" m
         LEFT JOIN "Driver" d ON d."id" = m."driverId"
         LEFT JOIN "ThirdPartyLogisticsProvider" p ON p."id" = m."thirdPartyLogisticsProviderId"
         WHERE m."movementRequestId" = r."id"
       ), '[]'::jsonb) AS "legs"
     FROM "MovementRequest" r JOIN "Organisation" o ON o."id" = r."organisationId"
     WHERE r."id" = $1 AND r."organisationId" = $2 AND r."profileId" = $3`,
    [id, caller.organisationId, caller.profileId],
  );
  const request = rows[0];
  if (!request) return undefined;
  return {
    id: request.id,
    vehicle: { vin: request.vin, vrm: request.vrm, make: request.make, model: request.model },
    origin: { location: { type: request.originType, siteId: request.originSiteId } },
    destination: { location: { type: request.destinationType, siteId: request.destinationSiteId } },
    status: request.status,
    businessArea: request.businessArea,
    transportMethod: request.transportMethod,
    trackingUrl: request.trackingEnabled ? `/track/${request.trackingToken}` : undefined,
    legs: request.legs.length,
  };
}

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (text += chunk));
    request.on("end", () => resolve(text));
    request.on("error", reject);
  });
}

function send(response: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(text),
  });
  response.end(text);
}
