"use client";
// The notes of a prep job in the card drawer, newest first, and a form that adds one (kept: a new
// note is stored, and shows again on every opening).
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { HydratedForm } from "@/components/ui/hydrated-form";
import { Textarea } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { ActionResult } from "@/lib/http/action-result";
import type { KanbanCardDetails, KanbanNote } from "@/lib/prep-jobs/kanban/card-details";

export type AddNoteAction = (input: { prepJobId: string; body: string }) => Promise<ActionResult<KanbanNote>>;

const when = (iso: string) =>
  new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" });

export function CardNotes({
  prepJobId,
  notes,
  addNote,
}: {
  prepJobId: string;
  notes: KanbanNote[] | undefined;
  addNote?: AddNoteAction;
}) {
  const queryClient = useQueryClient();
  const [body, setBody] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const fieldId = useId();
  const errorId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!addNote) return;
    if (!body.trim()) return setError("Write a note first.");
    setSaving(true);
    setError(null);
    try {
      const result = await addNote({ prepJobId, body });
      if (!result.ok) return setError(result.fieldErrors?.body ?? result.message);
      setBody("");
      queryClient.setQueryData<KanbanCardDetails>(["prep-job-card", prepJobId], (details) =>
        details ? { ...details, notes: [result.data, ...details.notes] } : details,
      );
    } catch {
      setError("The note could not be saved: the service did not answer. Try again.");
    } finally {
      setSaving(false);
    }
  }

  return (
    <section aria-labelledby="drawer-notes">
      <h3 id="drawer-notes" className="text-sm font-semibold text-slate-900">
        Notes
      </h3>
      {addNote ? (
        <HydratedForm onSubmit={(event) => void submit(event)} className="mt-2 flex flex-col gap-2">
          <Label htmlFor={fieldId} className="sr-only">
            New note
          </Label>
          <Textarea
            id={fieldId}
            rows={2}
            maxLength={2_000}
            placeholder="Add a note for the team"
            value={body}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => setBody(event.target.value)}
          />
          {error ? <FieldError id={errorId}>{error}</FieldError> : null}
          <Button type="submit" className="min-h-11 self-start" disabled={saving}>
            {saving ? "Saving…" : "Add note"}
          </Button>
        </HydratedForm>
      ) : null}
      {notes === undefined ? null : notes.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No notes yet.</p>
      ) : (
        <ul className="mt-3 flex flex-col gap-2" data-testid="card-notes">
          {notes.map((note) => (
            <li key={note.id} className="rounded-lg bg-slate-50 px-3 py-2 text-sm ring-1 ring-slate-200">
              <p className="whitespace-pre-wrap text-slate-900">{note.body}</p>
              <p className="mt-1 text-xs text-slate-600">
                {note.author} · {when(note.createdAt)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
