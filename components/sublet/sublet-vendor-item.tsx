"use client";
// One item on a sublet vendor's page: what to do, and while it waits for the vendor: accept it, give
// the final price (the invoice, in the site's currency), attach photos, mark it done with that price.
import { useId, useState } from "react";
import { CATEGORY_LABEL } from "@/components/kanban/work-item-words";
import { PhotoPicker } from "@/components/sublet/photo-picker";
import { PhotoThumbnails } from "@/components/sublet/photo-thumbnails";
import { sendItemAction, sendItemPhoto, type Sent } from "@/components/sublet/sublet-api";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { currencySymbol, toMinor, toTyped } from "@/components/ui/money";
import { formatMinorUnits } from "@/lib/intl-formats";
import type { SubletItemActionBody, SubletVendorItem } from "@/lib/recon/sublet/schemas";

export function SubletVendorItemCard({
  base,
  item,
  onChanged,
}: {
  base: string;
  item: SubletVendorItem;
  /** The page reads the items again. */
  onChanged: () => void;
}) {
  const priceId = useId();
  const [price, setPrice] = useState(item.priceCents === null ? "" : toTyped(item.priceCents, item.currency));
  const [pending, setPending] = useState<SubletItemActionBody["action"] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [priceProblem, setPriceProblem] = useState<string | null>(null);
  const label = `${CATEGORY_LABEL[item.category]}: ${item.description}`;

  async function act(body: SubletItemActionBody) {
    setPending(body.action);
    const result: Sent<SubletVendorItem> = await sendItemAction(base, item.id, body);
    setPending(null);
    setProblem(result.ok ? null : result.message);
    if (result.ok) onChanged();
  }

  function withPrice(action: "price" | "done") {
    const priceCents = toMinor(price, item.currency);
    setPriceProblem(priceCents === undefined ? "Give your final price as an amount, e.g. 120.00." : null);
    if (priceCents !== undefined) void act({ action, priceCents });
  }

  return (
    <li
      className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
      data-testid="sublet-item"
      data-state={item.state}
    >
      <p className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
        {CATEGORY_LABEL[item.category]}
      </p>
      <p className="mt-1 break-words text-lg text-slate-900">{item.description}</p>
      {item.open ? (
        <>
          <p className="mt-2 text-sm text-slate-700" data-testid="sublet-item-status">
            {item.acceptedAt ? "Accepted: waiting for you to finish it." : "Waiting for you to accept it."}
          </p>
          {item.acceptedAt ? null : (
            <Button
              className="mt-3 min-h-11 w-full sm:w-auto"
              loading={pending === "accept"}
              disabled={pending !== null}
              onClick={() => void act({ action: "accept" })}
            >
              Accept
            </Button>
          )}
          <div className="mt-3">
            <label htmlFor={priceId} className="block text-sm font-medium text-slate-800">
              Your final price ({currencySymbol(item.currency)})
            </label>
            <Input
              id={priceId}
              inputMode="decimal"
              autoComplete="off"
              className="mt-1 max-w-48"
              value={price}
              aria-invalid={priceProblem ? true : undefined}
              aria-describedby={priceProblem ? `${priceId}-problem` : undefined}
              onChange={(event) => setPrice(event.target.value)}
            />
            {priceProblem ? (
              <p id={`${priceId}-problem`} role="alert" className="mt-1 text-sm text-red-700">
                {priceProblem}
              </p>
            ) : null}
            {item.priceCents !== null ? (
              <p className="mt-1 text-sm text-slate-600">
                Saved: {formatMinorUnits(item.priceCents, item.currency)}
              </p>
            ) : null}
            <Button
              variant="secondary"
              className="mt-2 min-h-11"
              loading={pending === "price"}
              disabled={pending !== null}
              onClick={() => withPrice("price")}
            >
              Save price
            </Button>
          </div>
          <PhotoThumbnails photos={item.photos} label={label} />
          <PhotoPicker
            label="Attach a photo"
            onPhoto={async (photo) => {
              const result = await sendItemPhoto(base, item.id, photo.id, photo.blob);
              if (result.ok) onChanged();
              return result.ok ? null : result.message;
            }}
          />
          <Button
            className="mt-4 min-h-11 w-full"
            loading={pending === "done"}
            disabled={pending !== null}
            onClick={() => withPrice("done")}
          >
            Mark done
          </Button>
        </>
      ) : (
        <>
          <p className="mt-2 text-sm font-medium text-slate-800" data-testid="sublet-item-status">
            {item.state === "DONE"
              ? `Done${item.priceCents === null ? "" : `: ${formatMinorUnits(item.priceCents, item.currency)}`}. Thank you.`
              : "The workshop has taken this item back: nothing to do."}
          </p>
          <PhotoThumbnails photos={item.photos} label={label} />
        </>
      )}
      {problem ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {problem}
        </p>
      ) : null}
    </li>
  );
}
