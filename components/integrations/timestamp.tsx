"use client";
// An instant in the reader's own time zone and the en-GB format ("21 Nov 2026, 09:30:12"); the exact
// UTC instant is in dateTime and the tooltip. The server's rendering (its zone) is replaced on hydration.
const WITH_SECONDS = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "medium" });
const TO_MINUTE = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short" });

export function Timestamp({
  iso,
  seconds = false,
  fallback = "—",
  className,
}: {
  iso: string | null | undefined;
  seconds?: boolean;
  fallback?: string;
  className?: string;
}) {
  if (!iso) return <span className={className}>{fallback}</span>;
  const date = new Date(iso);
  return (
    <time dateTime={iso} title={iso} className={className} suppressHydrationWarning>
      {(seconds ? WITH_SECONDS : TO_MINUTE).format(date)}
    </time>
  );
}
