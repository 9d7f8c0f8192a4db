"use client";
// Attach a photo: the camera on a phone (capture="environment"), the photo compressed on the device
// (components/proofs/compress-photo.ts: at most 1600 px, JPEG, no EXIF) and handed over with a fresh
// id, so that a retried upload is the same photo. What the server would refuse (not a JPEG or PNG, over
// its 1 MiB) is said here before anything is sent; the server checks both again.
import { useId, useState } from "react";
import { compressPhoto } from "@/components/proofs/compress-photo";
import { MAX_BODY_BYTES } from "@/lib/http/read-json-body";

const ACCEPTED = ["image/jpeg", "image/png"];
/** A form's photo shares the 1 MiB body with the form's other parts. */
const FORM_OVERHEAD_BYTES = 16 * 1024;

export function PhotoPicker({
  label,
  sentInForm = false,
  onPhoto,
}: {
  label: string;
  /** Sent inside a form (a server action) rather than as the body itself: a little less room. */
  sentInForm?: boolean;
  /** Sends the photo; its failure's message, or null once attached. */
  onPhoto: (photo: { id: string; blob: Blob }) => Promise<string | null>;
}) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function take(input: HTMLInputElement) {
    const file = input.files?.[0];
    if (!file) return;
    setBusy(true);
    let blob: Blob;
    try {
      blob = file.type.startsWith("image/") ? await compressPhoto(file) : file;
    } catch {
      blob = file; // the server says what is wrong with it
    }
    const limit = MAX_BODY_BYTES - (sentInForm ? FORM_OVERHEAD_BYTES : 0);
    const refused = !ACCEPTED.includes(blob.type)
      ? "Choose a photo: a JPEG or PNG image."
      : blob.size > limit
        ? `This photo is too large (${Math.ceil(blob.size / 1024)} KB): at most ${Math.floor(limit / 1024)} KB.`
        : null;
    const failed = refused ?? (await onPhoto({ id: crypto.randomUUID(), blob }));
    setBusy(false);
    setProblem(failed);
    input.value = "";
  }

  return (
    <div className="mt-2">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png"
        capture="environment"
        disabled={busy}
        aria-describedby={problem ? `${id}-problem` : undefined}
        className="mt-1 block w-full max-w-full text-sm text-slate-700 file:mr-2 file:min-h-11 file:rounded file:border-0 file:bg-slate-800 file:px-3 file:py-2 file:text-white"
        onChange={(event) => void take(event.currentTarget)}
      />
      {busy ? <p className="mt-1 text-sm text-slate-600">Attaching the photo…</p> : null}
      {problem ? (
        <p id={`${id}-problem`} role="alert" className="mt-1 text-sm text-red-700">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
