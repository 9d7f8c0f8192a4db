import type { Metadata } from "next";
import { InvalidTrackingLink } from "@/components/tracking/invalid-tracking-link";

export const metadata: Metadata = {
  title: "Tracking link not valid",
  robots: { index: false, follow: false },
};

// An unknown, expired or switched-off tracking link: 404, in the page's own style
export default function TrackingLinkNotFound() {
  return <InvalidTrackingLink />;
}
