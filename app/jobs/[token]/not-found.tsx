import type { Metadata } from "next";
import { InvalidJobLink } from "@/components/carrier-jobs/job-page";

export const metadata: Metadata = { title: "Job link not valid", robots: { index: false, follow: false } };

// An unknown, revoked, superseded or expired job link: 404, in the page's own style
export default function JobLinkNotFound() {
  return <InvalidJobLink />;
}
