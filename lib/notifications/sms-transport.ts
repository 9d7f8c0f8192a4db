// Where SMS goes: a provider adapter, the first speaking Twilio's REST API shape (POST
// {base}/2010-04-01/Accounts/{sid}/Messages.json, form-encoded To / From / Body, HTTP Basic sid:token),
// so any Twilio-compatible gateway fits; without SMS settings, the development mailbox (one JSON file
// per message, shown by /mailbox like the e-mail). Each message carries its outbox id as an
// Idempotency-Key: a provider or gateway that honours it sends a retried message once.
import { env } from "@/lib/env";
import { mailboxTransport } from "@/lib/notifications/mail-transport";

export type OutgoingSms = { id: string; organisationId: string; to: string; body: string };
export type SmsTransport = (sms: OutgoingSms) => Promise<{ providerMessageId: string | null }>;

export type TwilioSettings = { accountSid: string; authToken: string; from: string; baseUrl: string };

const TIMEOUT_MS = 15_000;

let transport: SmsTransport | undefined;

export function smsTransport(): SmsTransport {
  const settings = env();
  transport ??=
    settings.SMS_TWILIO_ACCOUNT_SID && settings.SMS_TWILIO_AUTH_TOKEN && settings.SMS_TWILIO_FROM
      ? twilioTransport({
          accountSid: settings.SMS_TWILIO_ACCOUNT_SID,
          authToken: settings.SMS_TWILIO_AUTH_TOKEN,
          from: settings.SMS_TWILIO_FROM,
          baseUrl: settings.SMS_TWILIO_BASE_URL,
        })
      : smsMailboxTransport(settings.MAILBOX_DIR);
  return transport;
}

export function twilioTransport(settings: TwilioSettings): SmsTransport {
  const url = `${settings.baseUrl.replace(/\/+$/, "")}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString("base64")}`;
  return async (sms) => {
    const response = await fetch(url, {
      method: "POST",
      headers: {
        authorization,
        "content-type": "application/x-www-form-urlencoded",
        accept: "application/json",
        "idempotency-key": sms.id,
      },
      body: new URLSearchParams({ To: sms.to, From: settings.from, Body: sms.body }),
      redirect: "error",
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`SMS provider answered ${response.status}: ${text.slice(0, 300)}`);
    const sid = (JSON.parse(text) as { sid?: unknown }).sid;
    return { providerMessageId: typeof sid === "string" ? sid : null };
  };
}

/** The development mailbox: an SMS shows as a message to the phone number, its text as the body. */
export function smsMailboxTransport(dir: string): SmsTransport {
  const write = mailboxTransport(dir);
  return async (sms) => {
    await write({
      id: sms.id,
      organisationId: sms.organisationId,
      to: sms.to,
      subject: `SMS to ${sms.to}`,
      text: sms.body,
    });
    return { providerMessageId: null };
  };
}
