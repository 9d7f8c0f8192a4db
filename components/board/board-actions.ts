// The board page's server actions (app/(staff)/board/actions.ts), handed down as props by the page so
// that components never import from app/ (the pattern of components/users/user-sessions-card.tsx).
import type { ActionResult, BulkOutcome } from "@/lib/http/action-result";
import type { RequestJobLinks } from "@/lib/carrier-jobs/list-job-links";
import type { NewJobLink } from "@/lib/carrier-jobs/new-job-link";
import type { ProofView } from "@/lib/proofs/proof-schema";
import type { SavedViewItem } from "@/lib/movement-requests/board/saved-views";
import type { MarketplaceActions } from "@/components/marketplace/detail-marketplace";

export type BoardActions = {
  assign: (requestId: string, input: unknown) => Promise<ActionResult>;
  accept: (requestId: string, input?: unknown) => Promise<ActionResult>;
  collected: (requestId: string, input?: unknown) => Promise<ActionResult>;
  delivered: (requestId: string, input?: unknown) => Promise<ActionResult>;
  abort: (requestId: string, input: unknown) => Promise<ActionResult>;
  cancel: (requestId: string, input?: unknown) => Promise<ActionResult>;
  bulkAssign: (input: unknown) => Promise<ActionResult<BulkOutcome[]>>;
  jobLinks: (requestId: string) => Promise<ActionResult<RequestJobLinks>>;
  newJobLink: (requestId: string, carrier: unknown) => Promise<ActionResult<NewJobLink>>;
  revokeJobLink: (linkId: string) => Promise<ActionResult>;
  proofs: (requestId: string) => Promise<ActionResult<ProofView[]>>;
  saveView: (input: unknown) => Promise<ActionResult<SavedViewItem>>;
  deleteView: (viewId: string) => Promise<ActionResult>;
} & MarketplaceActions;
