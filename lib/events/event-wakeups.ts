// Wake-ups for whatever consumes the event stream (the webhook worker, the live UI). The event table
// is the source of truth: a missed wake-up only delays a consumer until its next poll.
// - Across processes: pg_notify inside the writing transaction, delivered by PostgreSQL at commit.
// - Within the process: an in-process signal (PGlite, the embedded database, does not carry
//   LISTEN/NOTIFY across connections). It fires before the commit, so consumers re-check shortly after.
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
  announceInProcess(wakeup);
}

/** The in-process half of announceEvent, for a writer that sent the pg_notify in its own statement. */
export function announceInProcess(wakeup: Wakeup): void {
  queueMicrotask(() => wakeups.emit("event", wakeup));
}

export function onEventAnnounced(listener: (wakeup: Wakeup) => void): () => void {
  wakeups.on("event", listener);
  return () => wakeups.off("event", listener);
}

type Relay = { users: number; close: () => Promise<void> };
// One relay per process, shared by the in-process worker and the live pages (see below).
const globalRelay = globalThis as unknown as { vmsNotificationRelay?: Relay };

/**
 * One LISTEN connection per process, relaying notifications from other processes (another app
 * instance, a standalone worker) to the in-process signal. Shared by whoever needs it in this process
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
