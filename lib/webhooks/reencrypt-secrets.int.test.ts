// Rotating ENCRYPTION_KEY: values stored under the previous key are moved to the new one, values
// already under it are left alone (a second run changes nothing), and a value neither key opens is
// reported and kept as it was.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { newId } from "@/lib/ids";
import { createMovementWorld } from "@/test/movement-world";
import { setupTestDatabase } from "@/test/test-database";
import { POST as createEndpointRoute } from "@/app/v1/webhooks/endpoints/route";
import { registerEndpoint } from "@/test/webhook-world";
import { reencryptStoredSecrets } from "@/lib/webhooks/reencrypt-secrets";
import { decryptWithKey, encryptWithKey } from "@/lib/security/secret-crypto";
import { createPrepJob } from "@/prisma/factories";

const database = setupTestDatabase();

describe("re-encrypting stored secrets after a key rotation", () => {
  it("moves secrets, idempotent responses and sublet link tokens to the new key, once, and reports what no key opens", async () => {
    const [oldKey, newKey, strangerKey] = [randomBytes(32), randomBytes(32), randomBytes(32)];
    const kdb = database.kysely;
    const world = await createMovementWorld(database.prisma);
    const endpoint = await registerEndpoint(createEndpointRoute, world, "http://127.0.0.1:9/vms");
    const secret = await kdb
      .selectFrom("WebhookSecret")
      .selectAll()
      .where("endpointId", "=", endpoint.id)
      .executeTakeFirstOrThrow();
    await kdb
      .updateTable("WebhookSecret")
      .set({ ciphertext: encryptWithKey(oldKey, endpoint.secret) })
      .where("id", "=", secret.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const stranger = await kdb
      .insertInto("WebhookSecret")
      .values({
        id: newId(),
        organisationId: world.organisation.id,
        endpointId: endpoint.id,
        ciphertext: encryptWithKey(strangerKey, "whsec_lost"),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const apiKey = await kdb
      .selectFrom("ApiKey")
      .selectAll()
      .where("profileId", "=", world.profile.id)
      .executeTakeFirstOrThrow();
    const record = await kdb
      .insertInto("IdempotencyRecord")
      .values({
        id: newId(),
        organisationId: apiKey.organisationId,
        apiKeyId: apiKey.id,
        key: "rotation-test",
        method: "POST",
        path: "/v1/movement-requests/create-in-planning-pool",
        requestHash: "0".repeat(64),
        responseStatus: 201,
        responseBody: encryptWithKey(oldKey, '{"id":"kept"}'),
        expiresAt: new Date(Date.now() + 3_600_000),
      })
      .returningAll()
      .executeTakeFirstOrThrow();

    const job = await createPrepJob(database.prisma, {
      organisationId: world.organisation.id,
      profileId: world.profile.id,
    });
    const vendor = await kdb
      .insertInto("ReconSubletVendor")
      .values({
        id: newId(),
        organisationId: world.organisation.id,
        name: "Rotation Repairs",
        createdBy: "test",
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const subletLink = await kdb
      .insertInto("ReconSubletLink")
      .values({
        id: newId(),
        organisationId: world.organisation.id,
        prepJobId: job.id,
        vendorId: vendor.id,
        tokenHash: "1".repeat(64),
        tokenCiphertext: encryptWithKey(oldKey, "sublet-token"),
        createdBy: "test",
      })
      .returningAll()
      .executeTakeFirstOrThrow();

    const keys = { current: newKey, previous: [oldKey] };
    const first = await reencryptStoredSecrets(kdb, keys);
    expect(first).toEqual({
      reencrypted: 3,
      alreadyCurrent: 0,
      unreadable: [`webhook secret ${stranger.id}`],
    });
    const moved = await kdb
      .selectFrom("WebhookSecret")
      .selectAll()
      .where("id", "=", secret.id)
      .executeTakeFirstOrThrow();
    expect(decryptWithKey(newKey, moved.ciphertext)).toBe(endpoint.secret);
    const response = await kdb
      .selectFrom("IdempotencyRecord")
      .selectAll()
      .where("id", "=", record.id)
      .executeTakeFirstOrThrow();
    expect(decryptWithKey(newKey, response.responseBody!)).toBe('{"id":"kept"}');
    const link = await kdb
      .selectFrom("ReconSubletLink")
      .selectAll()
      .where("id", "=", subletLink.id)
      .executeTakeFirstOrThrow();
    expect(decryptWithKey(newKey, link.tokenCiphertext)).toBe("sublet-token");
    const untouched = await kdb
      .selectFrom("WebhookSecret")
      .selectAll()
      .where("id", "=", stranger.id)
      .executeTakeFirstOrThrow();
    expect(untouched.ciphertext).toBe(stranger.ciphertext);

    const second = await reencryptStoredSecrets(kdb, keys);
    expect(second).toEqual({
      reencrypted: 0,
      alreadyCurrent: 3,
      unreadable: [`webhook secret ${stranger.id}`],
    });
    expect(
      (
        await kdb
          .selectFrom("WebhookSecret")
          .selectAll()
          .where("id", "=", secret.id)
          .executeTakeFirstOrThrow()
      ).ciphertext,
    ).toBe(moved.ciphertext);
  });
});
