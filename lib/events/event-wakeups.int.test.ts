import pg from "pg";
import { describe, expect, it } from "vitest";
import { kysely, sql } from "@/lib/db";
import {
  EVENTS_CHANNEL,
  onEventAnnounced,
  relayDatabaseNotifications,
  type Wakeup,
} from "@/lib/events/event-wakeups";
import { organisationEventStream } from "@/lib/realtime/event-stream";
import { setupTestDatabase } from "@/test/test-database";

const database = setupTestDatabase();

/** Connections of this test's database that are LISTENing for events (the relay's). */
async function listeners(): Promise<number> {
  // pg_stat_activity is not in the schema's types.
  const { rows } = await sql<{ count: string }>`
    SELECT count(*) AS count FROM pg_stat_activity
    WHERE datname = current_database() AND query = ${`LISTEN ${EVENTS_CHANNEL}`}`.execute(kysely());
  return Number(rows[0]!.count);
}

/** pg_notify from a connection of its own, as another app instance or worker would. */
async function notifyFromElsewhere(organisationId: string): Promise<void> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await client.query("SELECT pg_notify($1, $2)", [EVENTS_CHANNEL, organisationId]);
  await client.end();
}

describe("the relay of database notifications", () => {
  it("brings another process's notification to this process's listeners", async () => {
    const release = relayDatabaseNotifications(database.url);
    await expect.poll(listeners).toBe(1);
    const heard = new Promise<Wakeup>((resolve) => {
      const stop = onEventAnnounced((wakeup) => {
        stop();
        resolve(wakeup);
      });
    });
    await notifyFromElsewhere("org-elsewhere");
    expect(await heard).toEqual({ organisationId: "org-elsewhere" });
    await release();
    await expect.poll(listeners).toBe(0);
  });

  it("is one connection shared by its users, closed when the last lets go", async () => {
    const first = relayDatabaseNotifications(database.url);
    const second = relayDatabaseNotifications(database.url);
    await expect.poll(listeners).toBe(1);
    await first();
    await first(); // releasing twice counts once
    expect(await listeners()).toBe(1);
    await second();
    await expect.poll(listeners).toBe(0);
  });

  it("is held by an open live stream, so a web process without a worker hears other instances", async () => {
    const abort = new AbortController();
    const stream = organisationEventStream(
      { organisationId: "org-live", resourceTypes: ["prep_job"] },
      BigInt(0),
      abort.signal,
    );
    const reader = stream.getReader();
    await reader.read(); // the stream has started
    await expect.poll(listeners).toBe(1);
    abort.abort();
    while (!(await reader.read()).done);
    await expect.poll(listeners).toBe(0);
  });
});
