// Customer and carrier e-mails in the organisation's brand (docs/notifications.md): an HTML part kept
// simple for mail clients (one table, inline styles, no external CSS or script, every value escaped)
// and the same words as the plain-text part. Dates are written in the organisation's language.
import type { Kdb } from "@/lib/db";
import { textColourOn } from "@/lib/schemas/branding";
import { dateTimeFormat } from "@/lib/intl-formats";

export type MailBrand = { name: string; logoUrl: string | null; colour: string | null; locale: string };

export type EmailContent = {
  /** The first line, in large type. */
  heading: string;
  paragraphs: string[];
  /** The one thing to do, shown as a button (and as its address in the text part). */
  action?: { label: string; url: string };
  /** Small print under a rule, e.g. the opt-out link. */
  footer?: { text: string; link?: { label: string; url: string } };
};

export async function getMailBrand(tx: Kdb, organisationId: string): Promise<MailBrand> {
  const organisation = await tx
    .selectFrom("Organisation")
    .select(["name", "brandLogoUrl as logoUrl", "brandColour as colour", "locale"])
    .where("id", "=", organisationId)
    .executeTakeFirst();
  if (!organisation) throw new Error(`Organisation ${organisationId} does not exist`);
  return organisation;
}

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ESCAPES[character]!);
}

const FONT = "font-family:Arial,Helvetica,sans-serif";

export function renderBrandedEmail(brand: MailBrand, content: EmailContent): { html: string; text: string } {
  const colour = brand.colour ?? "#0F172A";
  const onColour = textColourOn(colour);
  const logo = brand.logoUrl
    ? `<img src="${escapeHtml(brand.logoUrl)}" alt="" height="40" style="height:40px;width:auto;vertical-align:middle;background:#ffffff;border-radius:4px;padding:2px;margin-right:12px">`
    : "";
  const paragraphs = content.paragraphs
    .map(
      (paragraph) =>
        `<p style="margin:0 0 16px;${FONT};font-size:16px;line-height:24px;color:#0f172a">${escapeHtml(paragraph)}</p>`,
    )
    .join("");
  const action = content.action
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 16px"><tr><td style="background:${colour};border-radius:6px"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:12px 20px;${FONT};font-size:16px;font-weight:bold;color:${onColour};text-decoration:none">${escapeHtml(content.action.label)}</a></td></tr></table>`
    : "";
  const footer = content.footer
    ? `<tr><td style="padding:16px 24px;border-top:1px solid #e2e8f0;${FONT};font-size:13px;line-height:20px;color:#475569">${escapeHtml(content.footer.text)}${
        content.footer.link
          ? ` <a href="${escapeHtml(content.footer.link.url)}" style="color:#334155">${escapeHtml(content.footer.link.label)}</a>`
          : ""
      }</td></tr>`
    : "";
  const html = `<!DOCTYPE html><html lang="${escapeHtml(brand.locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(content.heading)}</title></head><body style="margin:0;padding:0;background:#f1f5f9"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9"><tr><td align="center" style="padding:16px 8px"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px"><tr><td style="padding:16px 24px;background:${colour};border-radius:8px 8px 0 0;${FONT};font-size:18px;font-weight:bold;color:${onColour}">${logo}${escapeHtml(brand.name)}</td></tr><tr><td style="padding:24px"><h1 style="margin:0 0 16px;${FONT};font-size:22px;line-height:28px;color:#0f172a">${escapeHtml(content.heading)}</h1>${paragraphs}${action}</td></tr>${footer}</table></td></tr></table></body></html>`;
  const text = [
    content.heading,
    "",
    ...content.paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ""] : []),
    ...(content.footer
      ? [
          "--",
          content.footer.link
            ? `${content.footer.text} ${content.footer.link.label}: ${content.footer.link.url}`
            : content.footer.text,
        ]
      : []),
    brand.name,
  ].join("\n");
  return { html, text: `${text}\n` };
}

/** A calendar day (a DATE column: UTC midnight) in the reader's language, e.g. "Saturday 28 November 2026". */
export function formatDay(day: Date, locale: string): string {
  return dateTimeFormat(locale, { dateStyle: "full", timeZone: "UTC" }).format(day);
}
