// A work item's photos as thumbnails, each opening the full photo (signed links that last minutes).
import type { SubletPhoto } from "@/lib/recon/sublet/schemas";

export function PhotoThumbnails({ photos, label }: { photos: SubletPhoto[]; label: string }) {
  if (photos.length === 0) return null;
  return (
    <ul
      className="mt-2 flex flex-wrap gap-2"
      aria-label={`Photos of ${label}`}
      data-testid="work-item-photos"
    >
      {photos.map((photo, index) => (
        <li key={photo.id}>
          <a
            href={photo.url}
            target="_blank"
            rel="noreferrer"
            className="block rounded focus-visible:outline-2"
          >
            {/* eslint-disable-next-line @next/next/no-img-element -- a signed, expiring link to a private photo */}
            <img
              src={photo.url}
              alt={`Photo ${index + 1} of ${label}`}
              className="h-16 w-16 rounded object-cover ring-1 ring-slate-200"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
