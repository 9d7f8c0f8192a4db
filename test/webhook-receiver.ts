// A real HTTP server on loopback that receives webhooks in tests: it records each request (headers and
// raw body) and answers as told — a status, a sequence of statuses, or never (to test timeouts).
import http from "node:http";
import type { AddressInfo } from "node:net";

export type ReceivedWebhook = { headers: http.IncomingHttpHeaders; body: string; receivedAt: number };
export type Behaviour = number | "hang" | ((request: ReceivedWebhook, index: number) => number | "hang");

export type WebhookReceiver = {
  url: string;
  received: ReceivedWebhook[];
  setBehaviour: (behaviour: Behaviour) => void;
  /** Resolves once `count` requests have arrived (rejects after timeoutMs). */
  waitFor: (count: number, timeoutMs?: number) => Promise<ReceivedWebhook[]>;
  close: () => Promise<void>;
};

export async function startWebhookReceiver(
  behaviour: Behaviour = 200,
  options: { path?: string; delayMs?: number } = {},
): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const hanging: http.ServerResponse[] = [];
  let current = behaviour;
  const waiters: (() => void)[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const webhook = {
        headers: request.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        receivedAt: Date.now(),
      };
      received.push(webhook);
      waiters.splice(0).forEach((notify) => notify());
      const answer = typeof current === "function" ? current(webhook, received.length - 1) : current;
      if (answer === "hang") {
        hanging.push(response);
        return;
      }
      const answerNow = () =>
        response.writeHead(answer, { "content-type": "text/plain" }).end(answer < 300 ? "ok" : "nope");
      if (options.delayMs) setTimeout(answerNow, options.delayMs);
      else answerNow();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${options.path ?? "/hooks"}`,
    received,
    setBehaviour: (next) => (current = next),
    waitFor: (count, timeoutMs = 20_000) =>
      new Promise((resolve, reject) => {
        const deadline = setTimeout(
          () => reject(new Error(`expected ${count} webhooks, received ${received.length}`)),
          timeoutMs,
        );
        const check = () => {
          if (received.length >= count) {
            clearTimeout(deadline);
            resolve(received);
          } else waiters.push(check);
        };
        check();
      }),
    close: async () => {
      hanging.forEach((response) => response.destroy());
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
