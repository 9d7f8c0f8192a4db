"use client";
// The proof a carrier records on the job page at collection or delivery: the organisation's minimum
// set of photos, the odometer, damage by panel (a note and a photo each), who hands over or receives
// the vehicle and their signature, the time, and the position when the phone allows it. Nothing is
// sent from here: the proof is queued on the phone (proof-queue.ts) with the photos' and its own ids,
// and the page sends it (now, or when the signal returns) before the collected/delivered action.
import { useState } from "react";
import { PhotoInput, type TakenPhoto } from "@/components/proofs/photo-input";
import { POSITION_PROBLEM_TEXT, usePositionOnce } from "@/components/proofs/phone-position";
import { SignaturePad } from "@/components/proofs/signature-pad";
import { Button } from "@/components/ui/button";
import { Input, Textarea } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import {
  DAMAGE_PANELS,
  PHOTO_SLOT_LABEL,
  panelLabel,
  type DamagePanel,
  type RequirablePhotoSlot,
} from "@/lib/proofs/photo-slots";
import type { ProofBody } from "@/lib/proofs/schemas";

type Kind = ProofBody["kind"];
type Damage = { key: string; panel: DamagePanel; note: string; photo?: TakenPhoto };
export type RecordedProof = { body: ProofBody; photos: { id: string; blob: Blob }[] };

type Props = {
  kind: Kind;
  requiredSlots: RequirablePhotoSlot[];
  busy: boolean;
  onCancel: () => void;
  onRecord: (proof: RecordedProof) => void;
};

export function ProofForm({ kind, requiredSlots, busy, onCancel, onRecord }: Props) {
  const [photos, setPhotos] = useState<Partial<Record<RequirablePhotoSlot, TakenPhoto>>>({});
  const [odometer, setOdometer] = useState("");
  const [damage, setDamage] = useState<Damage[]>([]);
  const [personName, setPersonName] = useState("");
  const [signature, setSignature] = useState<Blob | null>(null);
  const position = usePositionOnce();
  const [problem, setProblem] = useState<string | null>(null);

  const handedBy = kind === "collection" ? "Handed over by" : "Received by";

  function record() {
    const missing = requiredSlots.filter((slot) => !photos[slot]).map((slot) => PHOTO_SLOT_LABEL[slot]);
    const problems = [
      ...(missing.length > 0 ? [`take the photos: ${missing.join(", ")}`] : []),
      ...(personName.trim() === "" ? [`give the name (${handedBy.toLowerCase()})`] : []),
      ...(signature ? [] : ["get a signature"]),
      ...(damage.some((item) => item.note.trim() === "") ? ["describe each damage"] : []),
      ...(odometer !== "" && !/^\d{1,7}$/.test(odometer) ? ["give the odometer in whole miles"] : []),
    ];
    if (problems.length > 0 || !signature) {
      setProblem(`Before you continue: ${problems.join("; ")}.`);
      return;
    }
    const signaturePhoto = { id: crypto.randomUUID(), blob: signature };
    const taken = requiredSlots.flatMap((slot) => {
      const photo = photos[slot];
      return photo ? [{ slot, photo }] : [];
    });
    const body: ProofBody = {
      idempotencyKey: crypto.randomUUID(),
      kind,
      recordedAt: new Date().toISOString(),
      ...(odometer !== "" ? { odometer: Number(odometer) } : {}),
      personName: personName.trim(),
      signaturePhotoId: signaturePhoto.id,
      ...(typeof position === "object" ? { position } : {}),
      ...(typeof position === "string" && position !== "asking" ? { positionProblem: position } : {}),
      photos: taken.map(({ slot, photo }) => ({ slot, photoId: photo.id })),
      damage: damage.map((item) => ({
        panel: item.panel,
        note: item.note.trim(),
        ...(item.photo ? { photoId: item.photo.id } : {}),
      })),
    };
    const blobs = [
      ...taken.map(({ photo }) => photo),
      ...damage.flatMap((item) => (item.photo ? [item.photo] : [])),
      signaturePhoto,
    ].map(({ id, blob }) => ({ id, blob }));
    onRecord({ body, photos: blobs });
  }

  const title = kind === "collection" ? "Proof of collection" : "Proof of delivery";
  return (
    <section
      aria-labelledby="proof-title"
      className="space-y-4 rounded-lg border border-slate-200 bg-slate-50 p-4"
    >
      <div>
        <h2 id="proof-title" className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <p className="text-sm text-slate-700">
          Photos, the odometer, any damage, and a signature. Saved on this phone first: no signal needed.
        </p>
      </div>
      <fieldset className="space-y-2">
        <legend className="mb-1 font-medium text-slate-900">Photos</legend>
        {requiredSlots.map((slot) => (
          <PhotoInput
            key={slot}
            id={`proof-photo-${slot}`}
            label={PHOTO_SLOT_LABEL[slot]}
            required
            photo={photos[slot]}
            onPhoto={(photo) => setPhotos((current) => ({ ...current, [slot]: photo }))}
          />
        ))}
      </fieldset>
      <div>
        <label htmlFor="proof-odometer" className="block font-medium text-slate-900">
          Odometer (miles)
        </label>
        <Input
          id="proof-odometer"
          inputMode="numeric"
          autoComplete="off"
          value={odometer}
          onChange={(event) => setOdometer(event.target.value.trim())}
        />
      </div>
      <fieldset className="space-y-2">
        <legend className="mb-1 font-medium text-slate-900">Damage</legend>
        {damage.length === 0 ? <p className="text-sm text-slate-700">No damage recorded.</p> : null}
        {damage.map((item, index) => (
          <DamageEntry
            key={item.key}
            index={index}
            item={item}
            onChange={(next) =>
              setDamage((all) => all.map((entry) => (entry.key === item.key ? next : entry)))
            }
            onRemove={() => setDamage((all) => all.filter((entry) => entry.key !== item.key))}
          />
        ))}
        <Button
          type="button"
          variant="secondary"
          onClick={() =>
            setDamage((all) => [...all, { key: crypto.randomUUID(), panel: DAMAGE_PANELS[0], note: "" }])
          }
        >
          Add damage
        </Button>
      </fieldset>
      <div>
        <label htmlFor="proof-person" className="block font-medium text-slate-900">
          {handedBy} (name)
        </label>
        <Input
          id="proof-person"
          autoComplete="name"
          value={personName}
          onChange={(event) => setPersonName(event.target.value)}
        />
      </div>
      <div>
        <p className="font-medium text-slate-900">Their signature</p>
        <SignaturePad label={`Signature of the person ${handedBy.toLowerCase()}`} onChange={setSignature} />
      </div>
      <p className="text-sm text-slate-700" data-testid="proof-position">
        {position === "asking"
          ? "Finding the position…"
          : typeof position === "object"
            ? "Position recorded."
            : `No position (${POSITION_PROBLEM_TEXT[position]}): the proof is recorded without it.`}
      </p>
      {problem ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-2 text-sm text-red-900">
          {problem}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button type="button" size="lg" className="grow" loading={busy} onClick={record}>
          {kind === "collection" ? "Record collection" : "Record delivery"}
        </Button>
        <Button type="button" size="lg" variant="secondary" onClick={onCancel}>
          Back
        </Button>
      </div>
    </section>
  );
}

type EntryProps = { index: number; item: Damage; onChange: (item: Damage) => void; onRemove: () => void };

function DamageEntry({ index, item, onChange, onRemove }: EntryProps) {
  const id = `proof-damage-${index}`;
  return (
    <div className="space-y-2 rounded-md border border-slate-200 bg-white p-3">
      <label htmlFor={`${id}-panel`} className="block text-sm font-medium text-slate-900">
        Damage {index + 1}: panel
      </label>
      <Select
        id={`${id}-panel`}
        value={item.panel}
        onChange={(event) => onChange({ ...item, panel: event.target.value as DamagePanel })}
      >
        {DAMAGE_PANELS.map((panel) => (
          <option key={panel} value={panel}>
            {panelLabel(panel)}
          </option>
        ))}
      </Select>
      <label htmlFor={`${id}-note`} className="block text-sm font-medium text-slate-900">
        What is damaged
      </label>
      <Textarea
        id={`${id}-note`}
        maxLength={500}
        value={item.note}
        onChange={(event) => onChange({ ...item, note: event.target.value })}
      />
      <PhotoInput
        id={`${id}-photo`}
        label={`Damage ${index + 1} photo`}
        photo={item.photo}
        onPhoto={(photo) => onChange({ ...item, photo })}
      />
      <Button type="button" variant="ghost" size="sm" onClick={onRemove}>
        Remove damage {index + 1}
      </Button>
    </div>
  );
}
