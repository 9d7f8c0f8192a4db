"use client";
// The proofs of collection and delivery in the board's detail panel: for each leg, the photos (signed
// links that last a quarter of an hour, reloaded with the panel), the odometer, damage by panel, who
// handed over or received the vehicle and their signature, when, and where when the phone allowed it.
import { useCallback } from "react";
import type { BoardActions } from "@/components/board/board-actions";
import { DetailSection } from "@/components/board/detail-section";
import { usePanelData } from "@/components/board/use-panel-data";
import { POSITION_PROBLEM_TEXT } from "@/components/proofs/phone-position";
import { PHOTO_SLOT_LABEL, panelLabel } from "@/lib/proofs/photo-slots";
import type { ProofView } from "@/lib/proofs/proof-schema";

type Props = { requestId: string; version: string; actions: Pick<BoardActions, "proofs"> };

export function DetailProofs({ requestId, version, actions }: Props) {
  const read = useCallback(() => actions.proofs(requestId), [actions, requestId]);
  const { data: proofs, message } = usePanelData(read, version);

  if (message) return <p className="text-sm text-red-700">{message}</p>;
  if (!proofs || proofs.length === 0) return null;
  return (
    <DetailSection title="Proof of collection and delivery">
      <div className="space-y-3">
        {proofs.map((proof) => (
          <ProofCard key={proof.id} proof={proof} />
        ))}
      </div>
    </DetailSection>
  );
}

function ProofCard({ proof }: { proof: ProofView }) {
  const title = `Leg ${proof.legNumber} · ${proof.kind === "collection" ? "Collection" : "Delivery"}`;
  return (
    <article aria-label={title} className="space-y-2 rounded-md border border-slate-200 bg-white p-3 text-sm">
      <h4 className="font-semibold text-slate-900">{title}</h4>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-slate-800">
        <dt className="text-slate-600">Recorded</dt>
        <dd>
          {new Date(proof.recordedAt).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" })}
        </dd>
        <dt className="text-slate-600">{proof.kind === "collection" ? "Handed over by" : "Received by"}</dt>
        <dd className="break-words">{proof.personName}</dd>
        <dt className="text-slate-600">Odometer</dt>
        <dd>{proof.odometer === undefined ? "Not given" : proof.odometer.toLocaleString("en-GB")}</dd>
        <dt className="text-slate-600">Position</dt>
        <dd>
          {proof.position
            ? `${proof.position.latitude.toFixed(5)}, ${proof.position.longitude.toFixed(5)}`
            : proof.positionProblem
              ? `None: ${POSITION_PROBLEM_TEXT[proof.positionProblem]}`
              : "None recorded"}
        </dd>
      </dl>
      <ul className="flex flex-wrap gap-2" aria-label="Photos">
        {proof.photos.map((photo) => (
          <li key={photo.url}>
            <a href={photo.url} target="_blank" rel="noreferrer" className="block">
              {/* eslint-disable-next-line @next/next/no-img-element -- signed, expiring links; no optimiser */}
              <img
                src={photo.url}
                alt={`${PHOTO_SLOT_LABEL[photo.slot]} (${title})`}
                className="h-16 w-16 rounded border border-slate-200 object-cover"
              />
            </a>
          </li>
        ))}
      </ul>
      {proof.damage.length > 0 ? (
        <ul className="space-y-1" aria-label="Damage">
          {proof.damage.map((item, index) => (
            <li key={index} className="text-slate-800">
              <strong>{panelLabel(item.panel)}:</strong> {item.note}{" "}
              {item.photoUrl ? (
                <a href={item.photoUrl} target="_blank" rel="noreferrer" className="text-blue-700 underline">
                  photo
                </a>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-slate-700">No damage recorded.</p>
      )}
      {/* eslint-disable-next-line @next/next/no-img-element -- signed, expiring link */}
      <img
        src={proof.signatureUrl}
        alt={`Signature of ${proof.personName}`}
        className="h-16 max-w-full rounded border border-slate-200 bg-white"
      />
    </article>
  );
}
