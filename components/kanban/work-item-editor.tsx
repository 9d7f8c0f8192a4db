"use client";
// "Edit" on an open work item in the drawer: its category, description and, while it is PROPOSED or
// AWAITING_APPROVAL, its estimate (docs/recon.md, "Editing"), in the same form that adds one. The edit
// names the item's version; when another tablet changed the item first, the drawer reads it again and
// the form starts over from what is there now, saying why.
import { useRef, useState } from "react";
import { WorkItemForm, type WorkItemFormBody } from "@/components/kanban/work-item-form";
import { Button } from "@/components/ui/button";
import type { ActionFailure } from "@/lib/http/action-result";
import type { UpdateWorkItemBody, WorkItemResponse } from "@/lib/recon/schemas";
import { ESTIMATE_EDITABLE_STATES, isOpenWorkItem } from "@/lib/recon/work-item-transitions";

export function WorkItemEditor({
  item,
  onEdit,
}: {
  item: WorkItemResponse;
  onEdit: (body: UpdateWorkItemBody) => Promise<ActionFailure | null>;
}) {
  const [editing, setEditing] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  if (!isOpenWorkItem(item.state)) return null;
  const estimateEditable = ESTIMATE_EDITABLE_STATES.includes(item.state);

  function close() {
    setEditing(false);
    setConflict(null);
    requestAnimationFrame(() => editButton.current?.focus());
  }

  async function save(body: WorkItemFormBody): Promise<ActionFailure | null> {
    const failed = await onEdit({ ...body, version: item.version });
    if (!failed) {
      close();
      return null;
    }
    // A stale version: the drawer has read the item again; the form (keyed by version) starts afresh.
    if (failed.fieldErrors?.version) {
      setConflict(failed.message);
      return null;
    }
    return failed;
  }

  if (!editing) {
    return (
      <Button
        ref={editButton}
        variant="secondary"
        size="sm"
        className="mt-2 min-h-11"
        aria-label={`Edit ${item.description}`}
        onClick={() => setEditing(true)}
      >
        Edit
      </Button>
    );
  }
  return (
    <div className="basis-full" data-testid="work-item-editor">
      {conflict ? (
        <p role="alert" className="mt-2 text-sm text-amber-900">
          {conflict}
        </p>
      ) : null}
      <WorkItemForm
        key={item.version}
        currency={item.currency}
        item={item}
        estimateEditable={estimateEditable}
        onSubmit={save}
        onCancel={close}
      />
    </div>
  );
}
