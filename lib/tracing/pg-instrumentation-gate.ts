// The pg instrumentation's patches, cut down to what our configuration uses: a span per statement of
// sampled work. Between sampled work no context manager is global (context-manager.ts), so the
// instrumentation never finds a parent span then, and skips; finding that out still cost each request
// some 13 µs by profile (docs/performance.md, "Sampled before the span, the pg instrumentation gated").
// - pg's query: the patched one runs only while sampled work is in flight, pg's own otherwise.
// - The pool's and the client's connect: with connect spans ignored their patches make no span. The
//   pool's also put four listeners on the pool, the first time it ran in a sampled request, for
//   OpenTelemetry's connection metrics, which then ran on every checkout and release for a meter that
//   nothing reads (the pool's figures are prom-client's, lib/metrics). Both patches are taken off.
import { isWrapped } from "@opentelemetry/instrumentation";

type Method = (this: unknown, ...args: unknown[]) => unknown;
/** A method the instrumentation wrapped (with shimmer's properties, which isWrapped checks). */
type Wrapped = Method & { __original: Method; __unwrap: () => void };
type Prototype = Record<string, unknown>;

/** What of the `pg` module this needs: its client class and its pool class (a subclass of pg-pool's). */
export type PgModule = {
  Client: { prototype: Prototype };
  Pool: { prototype: Prototype };
};

export function gatePgInstrumentation(pg: PgModule, sampledWorkInFlight: () => boolean): void {
  const client = pg.Client.prototype;
  // pg's Pool only binds pg-pool's class to pg's client: the patched connect is on pg-pool's prototype.
  const pool = Object.getPrototypeOf(pg.Pool.prototype) as Prototype;
  wrapped(pool.connect)?.__unwrap();
  wrapped(client.connect)?.__unwrap();
  const traced = wrapped(client.query);
  if (!traced) return;
  const untraced = traced.__original;
  client.query = function queryTracedWhileSampled(this: unknown, ...args: unknown[]) {
    return (sampledWorkInFlight() ? traced : untraced).apply(this, args);
  };
}

function wrapped(method: unknown): Wrapped | undefined {
  return isWrapped(method) ? (method as unknown as Wrapped) : undefined;
}
