// Rotating ENCRYPTION_KEY: values stored under the previous key are moved to the new one, values
// already under it are left alone (a second run changes nothing), and a value neither key opens is
// reported and kept as it was.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { newId } from "@/lib/ids";
import { createMovementWorld } from "@/test/movement-world";
import { setupTestDatabase } from "@/test/test-database";
import { registerEndpoint } from "@/test/webhook-world";
import { reencryptStoredSecrets } from "@/lib/webhooks/reencrypt-secrets";
import { decryptWithKey, encryptWithKey } from "@/lib/security/secret-crypto";

const database = setupTestDatabase();

describe("re-encrypting stored secrets after a key rotation", () => {
  it("moves secrets and idempotent responses to the new key, once, and reports what no key opens", async () => {
    const [oldKey, newKey, strangerKey] = [randomBytes(32), randomBytes(32), randomBytes(32)];
    const prisma = database.prisma;
    const world = await createMovementWorld(prisma);
    const endpoint = await registerEndpoint(world, "http://127.0.0.1:9/vms");
    const secret = await prisma.webhookSecret.findFirstOrThrow({ where: { endpointId: endpoint.id } });
    await prisma.webhookSecret.update({
      where: { id: secret.id },
      data: { ciphertext: encryptWithKey(oldKey, endpoint.secret) },
    });
    const stranger = await prisma.webhookSecret.create({
      data: { id: newId(), endpointId: endpoint.id, ciphertext: encryptWithKey(strangerKey, "whsec_lost") },
    });
    const apiKey = await prisma.apiKey.findFirstOrThrow({ where: { profileId: world.profile.id } });
    const record = await prisma.idempotencyRecord.create({
      data: {
        id: newId(),
        apiKeyId: apiKey.id,
        key: "rotation-test",
        method: "POST",
        path: "/v1/movement-requests/create-in-planning-pool",
        requestHash: "0".repeat(64),
        responseStatus: 201,
        responseBody: encryptWithKey(oldKey, '{"id":"kept"}'),
        expiresAt: new Date(Date.now() + 3_600_000),
      },
    });

    const keys = { current: newKey, previous: [oldKey] };
    const first = await reencryptStoredSecrets(prisma, keys);
    expect(first).toEqual({
      reencrypted: 2,
      alreadyCurrent: 0,
      unreadable: [`webhook secret ${stranger.id}`],
    });
    const moved = await prisma.webhookSecret.findUniqueOrThrow({ where: { id: secret.id } });
    expect(decryptWithKey(newKey, moved.ciphertext)).toBe(endpoint.secret);
    const response = await prisma.idempotencyRecord.findUniqueOrThrow({ where: { id: record.id } });
    expect(decryptWithKey(newKey, response.responseBody!)).toBe('{"id":"kept"}');
    const untouched = await prisma.webhookSecret.findUniqueOrThrow({ where: { id: stranger.id } });
    expect(untouched.ciphertext).toBe(stranger.ciphertext);

    const second = await reencryptStoredSecrets(prisma, keys);
    expect(second).toEqual({
      reencrypted: 0,
      alreadyCurrent: 2,
      unreadable: [`webhook secret ${stranger.id}`],
    });
    expect((await prisma.webhookSecret.findUniqueOrThrow({ where: { id: secret.id } })).ciphertext).toBe(
      moved.ciphertext,
    );
  });
});
