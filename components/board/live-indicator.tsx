// Whether the board receives live updates: connecting, live, or reconnecting (then it may be stale).
import type { StreamState } from "@/components/live/use-event-stream";
import { cn } from "@/components/ui/cn";

const LIVE_TEXT: Record<StreamState, { text: string; dot: string; title: string }> = {
  connecting: { text: "Connecting", dot: "bg-slate-400", title: "Connecting to live updates…" },
  live: { text: "Live", dot: "bg-emerald-500", title: "Changes appear as they happen" },
  lost: {
    text: "Reconnecting",
    dot: "bg-amber-500 animate-pulse",
    title: "Live updates are interrupted; retrying. The board may be out of date.",
  },
};

export function LiveIndicator({ state }: { state: StreamState }) {
  const { text, dot, title } = LIVE_TEXT[state];
  return (
    <span
      role="status"
      title={title}
      className="mr-1 inline-flex items-center gap-1.5 text-xs font-medium text-slate-600"
    >
      <span aria-hidden="true" className={cn("size-2 rounded-full", dot)} />
      {text}
    </span>
  );
}
