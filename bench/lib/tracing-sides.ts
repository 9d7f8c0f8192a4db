// The servers the tracing benchmarks compare: untraced, or traced with a given sampler, exporting over
// OTLP to the benchmark's receiver.

/** Each side's sampler: undefined, untraced; null, the service's default (one in a hundred). */
export const TRACING_SIDES: Record<string, string | null | undefined> = {
  untraced: undefined,
  "nothing-sampled": "always_off",
  default: null,
  everything: "parentbased_always_on",
};

/** The sides named in a comma-separated list, refused before anything starts if one is unknown. */
export function tracingSides(list: string): string[] {
  const sides = list.split(",");
  for (const side of sides) if (!(side in TRACING_SIDES)) throw new Error(`unknown side ${side}`);
  return sides;
}

/** The environment that gives a server the side's tracing. */
export function tracingEnv(side: string, otlpEndpoint: string): Record<string, string> {
  const sampler = TRACING_SIDES[side];
  if (sampler === undefined) return {};
  return {
    OTEL_EXPORTER_OTLP_ENDPOINT: otlpEndpoint,
    ...(sampler === null ? {} : { OTEL_TRACES_SAMPLER: sampler }),
  };
}
