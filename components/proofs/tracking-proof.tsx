// The proof of delivery under the tracking card, where the organisation allows it: photos of the
// vehicle as it arrived (their location metadata stripped), when, and who received it.
import type { TrackingProof } from "@/lib/proofs/tracking-proof";

export function TrackingProofSection({ proof }: { proof: TrackingProof }) {
  const when = new Date(proof.recordedAt).toLocaleString("en-GB", {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: "Europe/London",
  });
  // The same side margins as the tracking card above it (its main's px-4), down to 360 px.
  return (
    <div className="px-4">
      <section
        aria-labelledby="tracking-proof-title"
        className="mx-auto mb-8 w-full max-w-xl space-y-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h2 id="tracking-proof-title" className="text-lg font-semibold text-slate-900">
          Proof of delivery
        </h2>
        <p className="text-slate-700">
          Received by {proof.receivedBy} on {when} (UK time).
        </p>
        <ul className="grid grid-cols-3 gap-2">
          {proof.photos.map((photo) => (
            <li key={photo.url}>
              {/* eslint-disable-next-line @next/next/no-img-element -- signed, expiring links; no optimiser */}
              <img src={photo.url} alt={photo.label} className="aspect-square w-full rounded object-cover" />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
