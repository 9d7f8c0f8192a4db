// Wake-ups for whatever consumes the event stream (the webhook worker, the live UI). The event table
// is the source of truth: a missed wake-up only delays a consumer until its next poll. The writing
// transaction sends pg_notify, which PostgreSQL delivers at commit to every LISTENing connection, in
// this process or another (each process has one, the relay below, that hands it to its listeners).
import { EventEmitter } from "node:events";
import { listenForNotifications, type Kdb } from "@/lib/db";

export const EVENTS_CHANNEL = "vms_events";

type Wakeups = EventEmitter;
// Next may load this module once per bundle (routes, instrumentation): share one emitter per process.
const globalWakeups = globalThis as unknown as { vmsEventWakeups?: Wakeups };
const wakeups: Wakeups = (globalWakeups.vmsEventWakeups ??= new EventEmitter().setMaxListeners(0));

export type Wakeup = { organisationId: string };

/** Called in the transaction that records an event. */
export async function announceEvent(tx: Kdb, wakeup: Wakeup): Promise<void> {
  // As text: pg_notify returns void, which Prisma's raw pipeline (a Prisma transaction) cannot read.
  await tx
    .selectNoFrom((eb) =>
      eb
        .cast<string>(eb.fn("pg_notify", [eb.val(EVENTS_CHANNEL), eb.val(wakeup.organisationId)]), "text")
        .as("notified"),
    )
    .execute();
}

export function onEventAnnounced(listener: (wakeup: Wakeup) => void): () => void {
  return onNotification(EVENTS_CHANNEL, (organisationId) => listener({ organisationId }));
}

/** A notification of `channel` relayed in this process (its payload: an organisation's id). */
export function onNotification(channel: string, listener: (organisationId: string) => void): () => void {
  wakeups.on(channel, listener);
  return () => wakeups.off(channel, listener);
}

type Relay = { users: number; close: () => Promise<void> };
// One relay per process and channel, shared by the in-process worker and the live pages (see below).
const globalRelays = globalThis as unknown as { vmsNotificationRelays?: Map<string, Relay> };
const relays = (globalRelays.vmsNotificationRelays ??= new Map<string, Relay>());

/**
 * One LISTEN connection per process and channel, relaying the database's notifications (from this
 * process or another: a web process of the cluster, another instance, a standalone worker) to its
 * listeners. Shared by whoever needs it in this process (the worker, each open live page) and closed
 * when the last of them lets go. Returns that release. The event channel by default; the live map
 * relays the positions' channel (lib/maps/position-stream.ts).
 */
export function relayDatabaseNotifications(
  connectionString: string,
  channel: string = EVENTS_CHANNEL,
): () => Promise<void> {
  let relay = relays.get(channel);
  if (!relay) {
    relay = {
      users: 0,
      close: listenForNotifications(connectionString, channel, (organisationId) =>
        wakeups.emit(channel, organisationId),
      ),
    };
    relays.set(channel, relay);
  }
  const shared = relay;
  shared.users += 1;
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    shared.users -= 1;
    if (shared.users > 0) return;
    if (relays.get(channel) === shared) relays.delete(channel);
    await shared.close();
  };
}
