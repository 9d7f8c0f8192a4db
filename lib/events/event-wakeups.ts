// Wake-ups for whatever consumes the event stream (the webhook worker, the live UI). The event table
// is the source of truth: a missed wake-up only delays a consumer until its next poll. The writing
// transaction sends pg_notify, which PostgreSQL delivers at commit to every LISTENing connection, in
// this process or another (each process has one, the relay below, that hands it to its listeners).
import { EventEmitter } from "node:events";
import pg from "pg";
import type { Prisma } from "@/lib/generated/prisma/client";
import { logger } from "@/lib/logger";

export const EVENTS_CHANNEL = "vms_events";

type Wakeups = EventEmitter;
// Next may load this module once per bundle (routes, instrumentation): share one emitter per process.
const globalWakeups = globalThis as unknown as { vmsEventWakeups?: Wakeups };
const wakeups: Wakeups = (globalWakeups.vmsEventWakeups ??= new EventEmitter().setMaxListeners(0));

export type Wakeup = { organisationId: string };

/** Called in the transaction that records an event. */
export async function announceEvent(tx: Prisma.TransactionClient, wakeup: Wakeup): Promise<void> {
  await tx.$executeRaw`SELECT pg_notify(${EVENTS_CHANNEL}, ${wakeup.organisationId})`;
}

export function onEventAnnounced(listener: (wakeup: Wakeup) => void): () => void {
  wakeups.on("event", listener);
  return () => wakeups.off("event", listener);
}

type Relay = { users: number; close: () => Promise<void> };
// One relay per process, shared by the in-process worker and the live pages (see below).
const globalRelay = globalThis as unknown as { vmsNotificationRelay?: Relay };

/**
 * One LISTEN connection per process, relaying the database's notifications (from this process or
 * another: a web process of the cluster, another instance, a standalone worker) to its listeners. Shared by whoever needs it in this process
 * (the worker, each open live page) and closed when the last of them lets go. Returns that release.
 */
export function relayDatabaseNotifications(connectionString: string): () => Promise<void> {
  const relay = (globalRelay.vmsNotificationRelay ??= { users: 0, close: listen(connectionString) });
  relay.users += 1;
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    relay.users -= 1;
    if (relay.users > 0) return;
    if (globalRelay.vmsNotificationRelay === relay) globalRelay.vmsNotificationRelay = undefined;
    await relay.close();
  };
}

/** LISTENs on its own connection and reconnects with backoff; returns a function that closes it. */
function listen(connectionString: string): () => Promise<void> {
  let client: pg.Client | undefined;
  let closed = false;
  let retryMs = 500;
  const connect = async () => {
    if (closed) return;
    const connection = new pg.Client({ connectionString });
    client = connection;
    connection.on("notification", (message) => {
      if (message.payload) wakeups.emit("event", { organisationId: message.payload });
    });
    connection.on("error", (error) => {
      void connection.end().catch(() => undefined);
      if (closed) return;
      logger.warn("event notifications connection lost", { error: error.message });
      setTimeout(() => void connect(), retryMs).unref();
      retryMs = Math.min(retryMs * 2, 30_000);
    });
    try {
      await connection.connect();
      await connection.query(`LISTEN ${EVENTS_CHANNEL}`);
      retryMs = 500;
    } catch (error) {
      connection.emit("error", error as Error);
    }
  };
  void connect();
  return async () => {
    closed = true;
    await client?.end().catch(() => undefined);
  };
}
