// A real HTTP receiver shaped like Twilio's Messages API, for the SMS tests (integration and end to
// end): it records each request and, like a provider honouring Idempotency-Key, creates one message
// per key.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export type SmsRequest = {
  method: string;
  path: string;
  authorization: string;
  contentType: string;
  idempotencyKey: string;
  form: Record<string, string>;
};

export async function startSmsReceiver() {
  const requests: SmsRequest[] = [];
  const created = new Map<string, string>();
  const server = createServer((request: IncomingMessage, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      const idempotencyKey = String(request.headers["idempotency-key"] ?? "");
      requests.push({
        method: request.method ?? "",
        path: request.url ?? "",
        authorization: String(request.headers.authorization ?? ""),
        contentType: String(request.headers["content-type"] ?? ""),
        idempotencyKey,
        form: Object.fromEntries(new URLSearchParams(body)),
      });
      const sid = created.get(idempotencyKey) ?? `SM${String(created.size + 1).padStart(32, "0")}`;
      created.set(idempotencyKey, sid);
      response.writeHead(201, { "content-type": "application/json" });
      response.end(JSON.stringify({ sid, status: "queued" }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    created,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
