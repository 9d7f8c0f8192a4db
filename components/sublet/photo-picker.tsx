"use client";
// Attach a photo: the camera on a phone (capture="environment"), the photo compressed on the device
// (components/proofs/compress-photo.ts: at most 1600 px, JPEG, no EXIF) and handed over with a fresh
// id, so that a retried upload is the same photo. The server checks size and type again.
import { useId, useState } from "react";
import { compressPhoto } from "@/components/proofs/compress-photo";

export function PhotoPicker({
  label,
  onPhoto,
}: {
  label: string;
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
    const failed = await onPhoto({ id: crypto.randomUUID(), blob });
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
