import { subletViewResponse } from "@/lib/recon/sublet/sublet-endpoints";

export const dynamic = "force-dynamic";

// GET /sublet/{token}/view — the vendor's items as JSON (no account: the link is the credential)
export async function GET(_request: Request, { params }: { params: Promise<{ token: string }> }) {
  return subletViewResponse((await params).token);
}
