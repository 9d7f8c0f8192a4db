// The top of a tracking page: the organisation the customer deals with, in its colour and with its
// logo where it set them (lib/schemas/branding.ts). The logo is an image from the https
// address an admin gave (the page's CSP allows https images here, and nothing else from there); it
// is sent no referrer, so the link's token never reaches the logo's host.
import { textColourOn } from "@/lib/schemas/branding";
import type { TrackingView } from "@/lib/movement-requests/get-tracking-view";

export function BrandHeader({ organisation }: { organisation: TrackingView["organisation"] }) {
  const background = organisation.colour ?? "#0F172A";
  return (
    <header
      style={{ backgroundColor: background, color: textColourOn(background) }}
      data-testid="brand-header"
    >
      <div className="mx-auto flex max-w-xl items-center gap-3 px-4 py-4">
        {organisation.logoUrl ? (
          // eslint-disable-next-line @next/next/no-img-element -- any https host: next/image would need each one listed
          <img
            src={organisation.logoUrl}
            alt=""
            referrerPolicy="no-referrer"
            className="h-10 w-auto max-w-32 rounded bg-white object-contain p-1"
          />
        ) : null}
        <p className="text-lg font-semibold" data-testid="organisation-name">
          {organisation.name}
        </p>
      </div>
    </header>
  );
}
