import type { Metadata } from "next";
import { InvalidSubletLink } from "@/components/sublet/sublet-vendor-page";

export const metadata: Metadata = { title: "Sublet link not valid", robots: { index: false, follow: false } };

// An unknown, malformed or revoked sublet link: 404, in the page's own style
export default function SubletLinkNotFound() {
  return <InvalidSubletLink />;
}
