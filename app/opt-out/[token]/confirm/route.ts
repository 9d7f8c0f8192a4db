import { optOut } from "@/lib/notifications/customer/opt-out";

export const dynamic = "force-dynamic";

const backToPage = (token: string) =>
  new Response(null, { status: 303, headers: { location: `/opt-out/${encodeURIComponent(token)}` } });

// POST /opt-out/{token}/confirm — opts out: the page's button, and mail clients' one-click
// List-Unsubscribe-Post (RFC 8058); then shows the page, which says it is done
export async function POST(_request: Request, { params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  if (!(await optOut(token))) return new Response("No such link.", { status: 404 });
  return backToPage(token);
}

// GET /opt-out/{token}/confirm — a link checker or a prefetch: changes nothing, shows the page
export async function GET(_request: Request, { params }: { params: Promise<{ token: string }> }) {
  return backToPage((await params).token);
}
