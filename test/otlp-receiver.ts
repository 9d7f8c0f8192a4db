// A real OTLP/HTTP trace receiver on loopback for tests: it accepts what an OpenTelemetry exporter POSTs
// to /v1/traces in the JSON encoding (ExportTraceServiceRequest), decodes every span with its resource,
// and answers as a collector does (200, an empty ExportTraceServiceResponse).
import http from "node:http";
import type { AddressInfo } from "node:net";

type AnyValue = {
  stringValue?: string;
  intValue?: number | string;
  boolValue?: boolean;
  doubleValue?: number;
};
type KeyValue = { key: string; value: AnyValue };
type ExportedSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: KeyValue[];
  links?: { traceId: string; spanId: string }[];
  status?: { code?: number };
};
type ExportTraceServiceRequest = {
  resourceSpans?: { resource?: { attributes?: KeyValue[] }; scopeSpans?: { spans?: ExportedSpan[] }[] }[];
};

/** One received span, its attributes and its resource's as plain values. */
export type ReceivedSpan = {
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  name: string;
  kind: number;
  attributes: Record<string, string | number | boolean>;
  links: { traceId: string; spanId: string }[];
  statusCode: number;
  resource: Record<string, string | number | boolean>;
};

export type OtlpReceiver = {
  /** What OTEL_EXPORTER_OTLP_ENDPOINT is set to (the exporter appends /v1/traces). */
  endpoint: string;
  /** The spans received (none kept with keepSpans: false). */
  spans: ReceivedSpan[];
  /** How many spans arrived in all. */
  count: () => number;
  /** Resolves with the first span that `matches` once it has arrived (rejects after timeoutMs). */
  waitForSpan: (matches: (span: ReceivedSpan) => boolean, timeoutMs?: number) => Promise<ReceivedSpan>;
  close: () => Promise<void>;
};

/** keepSpans: false only counts them (a benchmark's load would fill the memory). */
export async function startOtlpReceiver({ keepSpans = true } = {}): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  let count = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      if (request.method !== "POST" || request.url !== "/v1/traces") {
        return response.writeHead(404).end();
      }
      if (!/^application\/json/.test(request.headers["content-type"] ?? "")) {
        return response.writeHead(415).end(); // protobuf is not decoded here
      }
      const decoded = decode(JSON.parse(Buffer.concat(chunks).toString("utf8")) as ExportTraceServiceRequest);
      count += decoded.length;
      if (keepSpans) spans.push(...decoded);
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans,
    count: () => count,
    waitForSpan: async (matches, timeoutMs = 20_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const span = spans.find(matches);
        if (span) return span;
        if (Date.now() > deadline) throw new Error(`no such span among ${spans.length} received`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function decode(body: ExportTraceServiceRequest): ReceivedSpan[] {
  return (body.resourceSpans ?? []).flatMap(({ resource, scopeSpans }) => {
    const resourceAttributes = valuesOf(resource?.attributes);
    return (scopeSpans ?? []).flatMap(({ spans }) =>
      (spans ?? []).map((span) => ({
        traceId: span.traceId,
        spanId: span.spanId,
        // An empty parent span id is a root span.
        parentSpanId: span.parentSpanId || undefined,
        name: span.name,
        kind: span.kind,
        attributes: valuesOf(span.attributes),
        links: (span.links ?? []).map(({ traceId, spanId }) => ({ traceId, spanId })),
        statusCode: span.status?.code ?? 0,
        resource: resourceAttributes,
      })),
    );
  });
}

function valuesOf(attributes: KeyValue[] | undefined): Record<string, string | number | boolean> {
  return Object.fromEntries(
    (attributes ?? []).map(({ key, value }) => [
      key,
      value.stringValue ?? value.boolValue ?? value.doubleValue ?? Number(value.intValue ?? Number.NaN),
    ]),
  );
}
