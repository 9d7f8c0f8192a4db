// How each kind of notice is titled, and where its reader can act on it.
const NOTICE_KINDS: Record<string, { title: string; action?: { href: string; label: string } }> = {
  webhook_endpoint_disabled: {
    title: "Webhook endpoint disabled",
    action: { href: "/integrations", label: "Review integrations" },
  },
};

export function noticeKind(kind: string): { title: string; action?: { href: string; label: string } } {
  return NOTICE_KINDS[kind] ?? { title: "Notice" };
}

/** "5 minutes ago", "yesterday"; the exact time goes in <time dateTime>. */
export function timeAgo(date: Date, now = new Date()): string {
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  const format = new Intl.RelativeTimeFormat("en-GB", { numeric: "auto" });
  const units: Array<[Intl.RelativeTimeFormatUnit, number]> = [
    ["day", 86_400],
    ["hour", 3_600],
    ["minute", 60],
  ];
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return "just now";
}
