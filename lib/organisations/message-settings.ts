// Reads and writes an organisation's message settings (the schema: message-settings-schema.ts).
import { kysely } from "@/lib/db";
import { customerMessageKindsColumn } from "@/lib/notifications/customer/message-kinds-column";
import { CUSTOMER_MESSAGE_KINDS, type MessageSettings } from "@/lib/organisations/message-settings-schema";

export async function getMessageSettings(organisationId: string): Promise<MessageSettings> {
  const organisation = await kysely()
    .selectFrom("Organisation")
    .select([
      "mailFromName as fromName",
      "mailReplyTo as replyTo",
      "locale",
      "quietHoursStart",
      "quietHoursEnd",
      customerMessageKindsColumn("customerMessageKinds"),
    ])
    .where("id", "=", organisationId)
    .executeTakeFirstOrThrow();
  return { ...organisation, customerMessageKinds: organisation.customerMessageKinds ?? [] };
}

export async function updateMessageSettings(
  organisationId: string,
  settings: MessageSettings,
): Promise<void> {
  await kysely()
    .updateTable("Organisation")
    .set({
      mailFromName: settings.fromName,
      mailReplyTo: settings.replyTo,
      locale: settings.locale,
      // In the messages' own order, as the form lists them.
      customerMessageKinds: CUSTOMER_MESSAGE_KINDS.filter((kind) =>
        settings.customerMessageKinds.includes(kind),
      ),
      quietHoursStart: settings.quietHoursStart,
      quietHoursEnd: settings.quietHoursEnd,
    })
    .where("id", "=", organisationId)
    .execute();
}
