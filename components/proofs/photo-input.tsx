"use client";
// One photo of a proof: the camera (capture="environment" opens the rear camera on a phone), the photo
// compressed on the phone (compress-photo.ts), and a thumbnail of what will be sent.
import { useState } from "react";
import { compressPhoto } from "@/components/proofs/compress-photo";

export type TakenPhoto = { id: string; blob: Blob; url: string };

type Props = {
  id: string;
  label: string;
  required?: boolean;
  photo: TakenPhoto | undefined;
  onPhoto: (photo: TakenPhoto) => void;
};

export function PhotoInput({ id, label, required, photo, onPhoto }: Props) {
  const [problem, setProblem] = useState<string | null>(null);

  async function take(file: File | undefined) {
    if (!file) return;
    try {
      const blob = await compressPhoto(file);
      setProblem(null);
      onPhoto({ id: crypto.randomUUID(), blob, url: URL.createObjectURL(blob) });
    } catch {
      setProblem("This photo could not be read. Take it again.");
    }
  }

  return (
    <div className="flex items-center gap-3 rounded-md border border-slate-200 bg-white p-2">
      {photo ? (
        // eslint-disable-next-line @next/next/no-img-element -- a blob: URL of the phone's own photo
        <img src={photo.url} alt={`${label} photo`} className="h-14 w-14 shrink-0 rounded object-cover" />
      ) : (
        <div aria-hidden className="h-14 w-14 shrink-0 rounded bg-slate-100" />
      )}
      <div className="min-w-0 grow">
        <label htmlFor={id} className="block text-sm font-medium text-slate-900">
          {label}
          {required ? <span className="text-slate-600"> (required)</span> : null}
        </label>
        <input
          id={id}
          type="file"
          accept="image/*"
          capture="environment"
          className="mt-1 block w-full text-sm text-slate-700 file:mr-2 file:rounded file:border-0 file:bg-slate-800 file:px-3 file:py-2 file:text-white"
          onChange={(event) => void take(event.target.files?.[0])}
        />
        {problem ? <p className="text-sm text-red-700">{problem}</p> : null}
      </div>
    </div>
  );
}
