// A TCP proxy on loopback in front of PostgreSQL, which a test can cut (every connection dropped, new
// ones refused) and restore: the database "goes away" and "comes back" without touching the server.
import net from "node:net";
import type { AddressInfo } from "node:net";

export type TcpProxy = { port: number; cut: () => void; restore: () => void; close: () => Promise<void> };

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let open = true;
  const server = net.createServer((client) => {
    if (!open) {
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => socket.destroy());
    }
    client.pipe(upstream).pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    cut: () => {
      open = false;
      for (const socket of sockets) socket.destroy();
    },
    restore: () => {
      open = true;
    },
    close: async () => {
      open = false;
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
