// A real SMTP server on loopback (smtp-server) that keeps what it receives, for e-mail tests.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type ReceivedEmail = { to: string[]; raw: string };

export async function startSmtpSink(): Promise<{
  url: string;
  received: ReceivedEmail[];
  close: () => Promise<void>;
}> {
  const received: ReceivedEmail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((recipient) => recipient.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type MimePart = { contentType: string; body: string };

/** The decoded leaf parts of a received message (quoted-printable and base64), for tests to read. */
export function mimePartsOf(raw: string): MimePart[] {
  const [head = "", ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join("\r\n\r\n");
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  const contentType =
    /^content-type:\s*([^;\r\n]+)/im.exec(unfolded)?.[1]?.trim().toLowerCase() ?? "text/plain";
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(unfolded)?.[1];
  if (contentType.startsWith("multipart/") && boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1, -1)
      .flatMap((part) => mimePartsOf(part.replace(/^\r?\n/, "")));
  }
  const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(unfolded)?.[1]?.toLowerCase();
  const decoded =
    encoding === "base64"
      ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8")
      : encoding === "quoted-printable"
        ? Buffer.from(
            body
              .replace(/=\r?\n/g, "")
              .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            "latin1",
          ).toString("utf8")
        : body;
  return [{ contentType, body: decoded }];
}

/** A header of a received message, unfolded. */
export function headerOf(raw: string, name: string): string | undefined {
  const head = (raw.split(/\r?\n\r?\n/)[0] ?? "").replace(/\r?\n[ \t]+/g, " ");
  return new RegExp(`^${name}:\\s*(.*)$`, "im").exec(head)?.[1]?.trim();
}
