// The organisation's message settings: saved and read back as they were given (the kinds as an array,
// in the messages' order), one organisation's never another's; the schema refuses what cannot be sent.
import { beforeAll, describe, expect, it } from "vitest";
import { getMessageSettings, updateMessageSettings } from "@/lib/organisations/message-settings";
import { messageSettingsInput } from "@/lib/organisations/message-settings-schema";
import { createMovementWorld, type MovementWorld } from "@/test/movement-world";
import { setupTestDatabase } from "@/test/test-database";

const database = setupTestDatabase();
let a: MovementWorld;
let b: MovementWorld;

beforeAll(async () => {
  a = await createMovementWorld(database.prisma);
  b = await createMovementWorld(database.prisma);
});

const valid = {
  fromName: "Northgate Motors",
  replyTo: "service@northgate.test",
  locale: "fr-FR",
  customerMessageKinds: ["DELIVERED", "ON_ITS_WAY"],
  quietHoursStart: "21:00",
  quietHoursEnd: "08:00",
};

describe("message settings", () => {
  it("default to every message, en-GB, MAIL_FROM's name, no quiet hours", async () => {
    expect(await getMessageSettings(a.organisation.id)).toEqual({
      fromName: null,
      replyTo: null,
      locale: "en-GB",
      customerMessageKinds: ["ON_ITS_WAY", "RUNNING_LATE", "ARRIVING", "DELIVERED"],
      quietHoursStart: null,
      quietHoursEnd: null,
    });
  });

  it("are saved for the caller's organisation only, the kinds in the messages' order", async () => {
    await updateMessageSettings(a.organisation.id, messageSettingsInput.parse(valid));
    expect(await getMessageSettings(a.organisation.id)).toEqual({
      ...valid,
      customerMessageKinds: ["ON_ITS_WAY", "DELIVERED"],
    });
    expect((await getMessageSettings(b.organisation.id)).locale).toBe("en-GB");
    await updateMessageSettings(
      a.organisation.id,
      messageSettingsInput.parse({ ...valid, customerMessageKinds: [] }),
    );
    expect((await getMessageSettings(a.organisation.id)).customerMessageKinds).toEqual([]);
  });

  it("refuse a forged sender name, an unknown language, half quiet hours, a bad time or e-mail", () => {
    const refused = (change: Record<string, unknown>) =>
      !messageSettingsInput.safeParse({ ...valid, ...change }).success;
    expect(refused({ fromName: 'Bank "<security@bank.test>"' })).toBe(true);
    expect(refused({ locale: "xx-not a tag" })).toBe(true);
    expect(refused({ quietHoursEnd: "" })).toBe(true);
    expect(refused({ quietHoursStart: "25:00" })).toBe(true);
    expect(refused({ replyTo: "nope" })).toBe(true);
    expect(refused({ customerMessageKinds: ["DELIVERED", "DELIVERED"] })).toBe(true);
    expect(
      messageSettingsInput.parse({
        ...valid,
        fromName: " ",
        replyTo: "",
        quietHoursStart: "",
        quietHoursEnd: "",
      }),
    ).toMatchObject({
      fromName: null,
      replyTo: null,
      quietHoursStart: null,
      quietHoursEnd: null,
    });
  });
});
