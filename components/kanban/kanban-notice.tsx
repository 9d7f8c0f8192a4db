// The board's two live regions: a move that worked (status) and one that did not (alert). They are
// always in the page, so a screen reader announces what appears in them.
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

export type Notice = { kind: "success" | "error"; text: string };

export function KanbanNotices({ notice, onClose }: { notice: Notice | null; onClose: () => void }) {
  return (
    <>
      <div aria-live="polite" role="status" className="empty:hidden" data-testid="kanban-status">
        {notice?.kind === "success" ? <NoticeLine notice={notice} onClose={onClose} /> : null}
      </div>
      <div role="alert" className="empty:hidden" data-testid="kanban-alert">
        {notice?.kind === "error" ? <NoticeLine notice={notice} onClose={onClose} /> : null}
      </div>
    </>
  );
}

function NoticeLine({ notice, onClose }: { notice: Notice; onClose: () => void }) {
  // Inside a live region that is always there (role=status or alert), so the Alert itself is silent.
  return (
    <Alert
      tone={notice.kind === "error" ? "danger" : "success"}
      role="none"
      actions={
        <Button variant="ghost" size="sm" onClick={onClose}>
          Dismiss
        </Button>
      }
    >
      {notice.text}
    </Alert>
  );
}
