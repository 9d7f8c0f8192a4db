// The only reader of process.env: every setting, validated once, with its default.
import { z } from "zod";
import { parseTrustedProxies } from "@/lib/request-context/trusted-proxies.mjs";

const booleanFlag = z
  .enum(["true", "false", "1", "0"])
  .transform((value) => value === "true" || value === "1");

/** A history table's retention: "90d", "25mo" or "forever" (lib/history/retention.ts reads it). */
const historyRetention = z
  .string()
  .regex(/^([1-9][0-9]{0,4}(d|mo)|forever)$/, 'Expected days ("90d"), months ("25mo") or "forever"');

/** 32 random bytes in base64, e.g. from `openssl rand -base64 32`. */
const encryptionKeySetting = z
  .string()
  .refine(
    (value) => /^[A-Za-z0-9+/]{43}=$/.test(value) && Buffer.from(value, "base64").length === 32,
    "Expected 32 random bytes in base64 (44 characters), e.g. from `openssl rand -base64 32`",
  );

const settingsSchema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  /** PostgreSQL. server/start.mjs points it at the embedded database when it is not set. */
  DATABASE_URL: z.string().min(1).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /**
   * Streaming replicas of DATABASE_URL, comma-separated: the board, lists, reports, exports, the events
   * replay and GET /v1 read from a healthy one (lib/read-replicas; docs/operations.md, "Read replicas").
   */
  DATABASE_REPLICA_URLS: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? "")
        .split(",")
        .map((url) => url.trim())
        .filter((url) => url !== ""),
    )
    .pipe(z.array(z.string().regex(/^postgres(ql)?:\/\//, "Expected postgresql:// URLs"))),
  /** A replica further behind than this ("5", "5s", "500ms") is skipped: its reads go to the primary. */
  REPLICA_MAX_LAG: z
    .string()
    .default("5s")
    .transform((value, ctx) => {
      const match = /^(\d+(?:\.\d+)?)(ms|s)?$/.exec(value.trim());
      if (!match) {
        ctx.addIssue({ code: "custom", message: 'Expected seconds ("5", "5s") or milliseconds ("500ms")' });
        return z.NEVER;
      }
      return Number(match[1]) * (match[2] === "ms" ? 1 : 1_000);
    }),
  /** How often each process measures its replicas' lag and health (never per request). */
  REPLICA_CHECK_MS: z.coerce.number().int().min(50).max(60_000).default(1_000),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /**
   * The service's public origin (https://vms.example.com). In production every absolute link and
   * redirect is built from it, never from the request's Host or X-Forwarded-Host (docs/operations.md).
   */
  APP_URL: z.url().optional(),
  /**
   * Which peers may set X-Forwarded-For/-Host/-Proto and Forwarded: their addresses or CIDR ranges
   * ("10.0.0.0/8,fd00::/8"), or a hop count ("1"). Unset: none, the socket's address is the client's.
   * Read by server/front-door.mjs; checked here.
   */
  TRUSTED_PROXIES: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      try {
        parseTrustedProxies(value);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: `Expected CIDR ranges or a hop count: ${String(error)}` });
      }
    }),
  /** Base of public links (tracking pages, workshop screens). */
  PUBLIC_BASE_URL: z.url().optional(),
  /** AES-256-GCM key for webhook secrets at rest: 32 bytes, base64 (`openssl rand -base64 32`). */
  ENCRYPTION_KEY: encryptionKeySetting.optional(),
  /**
   * The key before the last ENCRYPTION_KEY rotation: still read, never written, until
   * `npm run secrets:reencrypt` has moved every stored secret to the new key (docs/operations.md).
   */
  ENCRYPTION_KEY_PREVIOUS: encryptionKeySetting.optional(),
  /**
   * Signs and encrypts staff session cookies (next-auth): at least 32 random characters
   * (`openssl rand -base64 32`). Required in production; development and tests fall back to a fixed one.
   */
  AUTH_SECRET: z
    .string()
    .min(32, "Expected at least 32 random characters (openssl rand -base64 32)")
    .optional(),
  /** A staff session ends after this long without a request (docs/security.md). */
  SESSION_IDLE_TIMEOUT_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(120),
  /** A staff session ends this long after sign-in, however active: one shift (docs/security.md). */
  SESSION_ABSOLUTE_TIMEOUT_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(30 * 24)
    .default(12),
  /** This server's public address for sign-in (next-auth reads it too); https here means Secure cookies. */
  AUTH_URL: z.url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Vehicle Movement Service <no-reply@vms.local>"),
  /** Where e-mail (and SMS, without SMS settings) is written when SMTP_URL is not set (the development mailbox). */
  MAILBOX_DIR: z.string().default(".data/mailbox"),
  /**
   * Customer SMS through a Twilio-compatible REST API (docs/notifications.md): all three set, or SMS go
   * to the development mailbox. SMS_TWILIO_FROM is the sending number (E.164) or sender id.
   */
  SMS_TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
  SMS_TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  SMS_TWILIO_FROM: z.string().min(1).optional(),
  /** Twilio's API origin; a gateway speaking the same shape (or a test's receiver) elsewhere. */
  SMS_TWILIO_BASE_URL: z.url().default("https://api.twilio.com"),
  /** Delays before each attempt, e.g. "0s,5s,5m" (extensions section 5 gives the default). */
  WEBHOOK_RETRY_SCHEDULE: z.string().optional(),
  /** A webhook attempt is cut after this long. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(15_000),
  WEBHOOK_DISABLE_AFTER: z.string().optional(),
  /** Webhook attempts one worker has in flight at once. */
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(1_000).default(128),
  /** Attempts one worker has in flight to one endpoint: a slow endpoint holds no more of its slots. */
  WEBHOOK_ENDPOINT_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(8),
  /** Loopback webhook targets (and plain http to them). Default: true in development and test only. */
  WEBHOOK_ALLOW_PRIVATE_TARGETS: booleanFlag.optional(),
  /**
   * Whether this instance runs the event worker: `npm start` as its own process (`vms-worker`), a lone
   * Next process (`npm run dev`) inside itself. `false` when workers run on their own (`npm run worker`).
   */
  RUN_WORKER_IN_PROCESS: booleanFlag.default(true),
  /** Requests each API key may make per window (429 RATE_LIMITED beyond), across processes and instances. */
  RATE_LIMIT_REQUESTS: z.coerce.number().int().min(1).default(100),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(1),
  /** How often a process adds its local rate-limit counts to the shared ones (lib/http/rate-limit.ts). */
  RATE_LIMIT_SETTLE_MS: z.coerce.number().int().min(10).max(10_000).default(250),
  /** How long a process trusts an API key it has looked up: a revoked key is refused within this. */
  API_KEY_CACHE_SECONDS: z.coerce.number().min(0).max(300).default(5),
  /** Password of every demo staff user (README). */
  DEMO_PASSWORD: z.string().min(8).default("demo-password"),
  /** Fixed demo API keys (README): organisation A integration, B integration, A operations. */
  DEMO_API_KEY_A: z.string().min(20).default("vms_demoA_integration_4f9c2e7b1d8a6c3e5f0b"),
  DEMO_API_KEY_B: z.string().min(20).default("vms_demoB_integration_8b1e4d7a2c9f6e3b0a5d"),
  DEMO_OPS_API_KEY: z.string().min(20).default("vms_demoA_operations_2d7f5a9c3e1b8d6f4a0c"),
  /**
   * Opens GET /api/metrics (Prometheus) to a scraper that sends it as a bearer token; unset, the
   * endpoint answers 404 (docs/operations.md, "Metrics").
   */
  METRICS_TOKEN: z
    .string()
    .min(16, "Expected at least 16 random characters (openssl rand -hex 32)")
    .optional(),
  /**
   * An OTLP/HTTP collector (e.g. http://collector:4318): set, every process exports traces to it
   * (docs/operations.md, "Traces"); unset, none of the OpenTelemetry SDK is loaded.
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  OTEL_SERVICE_NAME: z.string().min(1).default("vehicle-movement-service"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  /** Where proof photos are kept when no S3 store is configured (docs/carrier-journey.md). */
  PROOF_STORAGE_DIR: z.string().default(".data/proof-photos"),
  /** Where expired history partitions are archived when no S3 store is configured (lib/history). */
  HISTORY_ARCHIVE_DIR: z.string().default(".data/archive"),
  /**
   * An S3-compatible store for proof photos and history archives: set S3_BUCKET (and its credentials)
   * and they go there instead of PROOF_STORAGE_DIR and HISTORY_ARCHIVE_DIR (archives under archive/).
   * S3_ENDPOINT for a store other than AWS (MinIO, R2, …), with S3_FORCE_PATH_STYLE=true when it has no
   * per-bucket host names.
   */
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  /**
   * The organisation's own map tiles (docs/maps.md): a PMTiles file (…/world.pmtiles) or a tile URL
   * with {z}/{x}/{y}, over https (http for a local server). Unset, maps draw the basemap that ships with
   * the app; no third-party tile host is ever the default.
   */
  MAP_TILES_URL: z
    .url({ protocol: /^https?$/ })
    .refine(
      (url) => /\.pmtiles(\?|$)/.test(url) || ["{z}", "{x}", "{y}"].every((part) => url.includes(part)),
      {
        message: "Expected a .pmtiles file URL or a tile URL with {z}, {x} and {y}",
      },
    )
    .optional(),
  /** Prep-job kanban ageing: a card turns amber, then red, after this many hours in its stage. */
  KANBAN_AMBER_HOURS: z.coerce.number().positive().default(48),
  KANBAN_RED_HOURS: z.coerce.number().positive().default(72),
  /** How long a vehicle's positions are kept once its leg is off the road (docs/tracking.md). */
  POSITION_RETENTION_DAYS: z.coerce.number().int().min(1).max(3_650).default(30),
  /** How long a customer's contact and messages are kept once its request is finished (docs/notifications.md). */
  CUSTOMER_CONTACT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3_650).default(30),
  /**
   * How long each history table's monthly partitions are kept before they are archived and dropped
   * (docs/operations.md, "History partitions"): "<n>d" (days), "<n>mo" (months) or "forever".
   */
  HISTORY_RETENTION_EVENT: historyRetention.default("25mo"),
  HISTORY_RETENTION_WEBHOOK_DELIVERY: historyRetention.default("25mo"),
  HISTORY_RETENTION_WEBHOOK_ATTEMPT: historyRetention.default("90d"),
  HISTORY_RETENTION_STATUS_CHANGE: historyRetention.default("25mo"),
  HISTORY_RETENTION_POSITION: historyRetention.default("13mo"),
});

/** Defaults that depend on another setting. */
const envSchema = settingsSchema
  .refine((settings) => settings.KANBAN_RED_HOURS > settings.KANBAN_AMBER_HOURS, {
    path: ["KANBAN_RED_HOURS"],
    message: "Must be greater than KANBAN_AMBER_HOURS",
  })
  .transform((settings) => ({
    ...settings,
    // APP_URL is the one public origin; the older, narrower settings default to it.
    PUBLIC_BASE_URL: settings.PUBLIC_BASE_URL ?? settings.APP_URL,
    AUTH_URL: settings.AUTH_URL ?? settings.APP_URL,
    WEBHOOK_ALLOW_PRIVATE_TARGETS:
      settings.WEBHOOK_ALLOW_PRIVATE_TARGETS ?? settings.NODE_ENV !== "production",
  }));

export type Env = z.infer<typeof envSchema>;

let cached: Env | undefined;

/** Parsed lazily so that `next build` does not need the runtime settings. */
export function env(): Env {
  if (cached) return cached;
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment:\n  ${problems.join("\n  ")}`);
  }
  cached = parsed.data;
  return cached;
}

export function requireDatabaseUrl(): string {
  const url = env().DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set (server/start.mjs sets it in embedded mode)");
  return url;
}

/** Public base URL: explicit, or this server's own address. */
export function publicBaseUrl(): string {
  return (env().PUBLIC_BASE_URL ?? `http://localhost:${env().PORT}`).replace(/\/$/, "");
}
