// The text of GET /api/metrics. Under `npm start` each core runs a web process (node:cluster): the one
// the scrape reaches asks the primary (server/web-cluster.mjs), which gathers every process's metrics
// and aggregates them. A process on its own (`npm run dev`, a test server) answers its own.
import cluster from "node:cluster";
import { randomUUID } from "node:crypto";
import client from "prom-client";

// The primary's message types (server/web-cluster.mjs).
const METRICS_REQUEST = "vms:metrics-request";
const METRICS_ANSWER = "vms:metrics-answer";
/** Past prom-client's own 5 s wait for the processes' answers. */
const ANSWER_TIMEOUT_MS = 8_000;

export type RenderedMetrics = { contentType: string; text: string };

export async function renderMetrics(): Promise<RenderedMetrics> {
  const contentType = client.register.contentType;
  if (!cluster.isWorker || !process.send) return { contentType, text: await client.register.metrics() };
  return { contentType, text: await askPrimary() };
}

type Answer = { type: typeof METRICS_ANSWER; id: string; text?: string; error?: string };

function askPrimary(): Promise<string> {
  const id = randomUUID();
  return new Promise<string>((resolve, reject) => {
    const onMessage = (message: unknown) => {
      const answer = message as Partial<Answer> | null;
      if (answer?.type !== METRICS_ANSWER || answer.id !== id) return;
      done();
      if (typeof answer.text === "string") resolve(answer.text);
      else reject(new Error(`the cluster's metrics could not be gathered: ${answer.error ?? "no answer"}`));
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error("the cluster's primary did not answer the metrics request"));
    }, ANSWER_TIMEOUT_MS);
    const done = () => {
      clearTimeout(timer);
      process.off("message", onMessage);
    };
    process.on("message", onMessage);
    process.send!({ type: METRICS_REQUEST, id });
  });
}
