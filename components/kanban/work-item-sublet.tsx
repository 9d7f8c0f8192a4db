"use client";
// Under a work item in the drawer: its sublet vendor and what the vendor did (accepted, its price), its
// photos as thumbnails, and a way to attach one (any state). An item at sublet without a vendor (sent
// there through the API) can be given one here.
import { useState } from "react";
import { SendToSubletForm } from "@/components/kanban/send-to-sublet-form";
import { useSublet } from "@/components/kanban/sublet-context";
import { PhotoPicker } from "@/components/sublet/photo-picker";
import { PhotoThumbnails } from "@/components/sublet/photo-thumbnails";
import { Button } from "@/components/ui/button";
import { formatMinorUnits } from "@/lib/intl-formats";
import type { WorkItemResponse } from "@/lib/recon/schemas";

export function WorkItemSublet({ item }: { item: WorkItemResponse }) {
  const sublet = useSublet();
  const [choosing, setChoosing] = useState(false);
  if (!sublet) return null;
  const vendor = sublet.details?.sublet[item.id];
  const photos = sublet.details?.photos[item.id] ?? [];
  const atSublet = item.state === "WAITING_SUBLET";
  return (
    <div className="mt-2" data-testid="work-item-sublet">
      {vendor ? (
        <p className="text-slate-700">
          Sublet: <span className="font-medium text-slate-900">{vendor.vendorName}</span>
          {vendor.acceptedAt ? ", accepted" : atSublet ? ", not accepted yet" : ""}
          {vendor.priceCents !== null
            ? `, final price ${formatMinorUnits(vendor.priceCents, item.currency)}`
            : ""}
        </p>
      ) : atSublet ? (
        choosing ? (
          <SendToSubletForm item={item} onSent={() => setChoosing(false)} />
        ) : (
          <Button size="sm" variant="secondary" className="min-h-11" onClick={() => setChoosing(true)}>
            Choose its sublet vendor
          </Button>
        )
      ) : null}
      <PhotoThumbnails photos={photos} label={item.description} />
      <PhotoPicker
        label="Attach a photo"
        sentInForm
        onPhoto={async (photo) => {
          const form = new FormData();
          form.set("photo", photo.blob);
          form.set("clientId", photo.id);
          const failed = await sublet.run(() => sublet.actions.photo(sublet.prepJobId, item.id, form));
          return failed?.message ?? null;
        }}
      />
    </div>
  );
}
