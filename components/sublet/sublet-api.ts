// The vendor page's calls to its link's routes: an action on an item, a photo's bytes. A problem body's
// message is what the vendor reads; no answer at all says so plainly.
import type { SubletItemActionBody, SubletPhoto, SubletVendorItem } from "@/lib/recon/sublet/schemas";

export type Sent<T> = { ok: true; data: T } | { ok: false; message: string };

async function sent<T>(response: Promise<Response>): Promise<Sent<T>> {
  try {
    const answer = await response;
    const body = (await answer.json().catch(() => null)) as (T & { message?: string }) | null;
    if (answer.ok && body) return { ok: true, data: body };
    return { ok: false, message: body?.message ?? `The service answered ${answer.status}. Try again.` };
  } catch {
    return { ok: false, message: "No connection: nothing was sent. Try again when you have a signal." };
  }
}

export function sendItemAction(
  base: string,
  itemId: string,
  body: SubletItemActionBody,
): Promise<Sent<SubletVendorItem>> {
  return sent(
    fetch(`${base}/items/${encodeURIComponent(itemId)}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
  );
}

export function sendItemPhoto(
  base: string,
  itemId: string,
  photoId: string,
  photo: Blob,
): Promise<Sent<SubletPhoto>> {
  return sent(
    fetch(`${base}/items/${encodeURIComponent(itemId)}/photos/${encodeURIComponent(photoId)}`, {
      method: "PUT",
      headers: { "content-type": photo.type || "image/jpeg" },
      body: photo,
    }),
  );
}
