// Tells staff when the board has stopped updating live. A reconnect within a moment shows nothing
// (use-live-board waits before calling the connection lost). The live region is always rendered, so
// that the banner's arrival is announced.
import { Alert } from "@/components/ui/alert";
import type { StreamState } from "@/components/live/use-event-stream";

export function ConnectionBanner({ state }: { state: StreamState }) {
  return (
    <div role="status" className="empty:hidden" data-testid="connection-status">
      {state === "lost" ? (
        <Alert tone="warning" role="none" title="Connection lost — reconnecting…">
          Changes made elsewhere will appear once the board is back online; it catches up on its own.
        </Alert>
      ) : null}
    </div>
  );
}
