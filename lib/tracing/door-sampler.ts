// The root sampler when OTEL_TRACES_SAMPLER is not set. The front door samples a request that starts a
// new trace itself, before it makes any span (request-span.mjs), and marks the ones it keeps; every
// other new trace (a worker's round) is sampled here by its trace id, at the same ratio.
import type { Context } from "@opentelemetry/api";
import {
  SamplingDecision,
  TraceIdRatioBasedSampler,
  type Sampler,
  type SamplingResult,
} from "@opentelemetry/sdk-trace-node";
import { SAMPLED_AT_THE_DOOR } from "@/lib/tracing/tracing-api.mjs";

export class DoorSampler implements Sampler {
  readonly #byTraceId: TraceIdRatioBasedSampler;

  constructor(readonly ratio: number) {
    this.#byTraceId = new TraceIdRatioBasedSampler(ratio);
  }

  shouldSample(context: Context, traceId: string): SamplingResult {
    return context.getValue(SAMPLED_AT_THE_DOOR) === true
      ? { decision: SamplingDecision.RECORD_AND_SAMPLED }
      : this.#byTraceId.shouldSample(context, traceId);
  }

  toString(): string {
    return `DoorSampler{${this.ratio}}`;
  }
}
