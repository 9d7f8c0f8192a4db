import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Vehicle Movement Service", template: "%s · Vehicle Movement Service" },
  description: "Move vehicles between sites and prepare them for sale.",
  // The files are in public/ (docs/operations.md).
  manifest: "/manifest.webmanifest",
  icons: {
    icon: [
      { url: "/favicon.ico", sizes: "48x48" },
      { url: "/icon.svg", type: "image/svg+xml" },
    ],
    apple: "/apple-touch-icon.png",
  },
};

export const viewport: Viewport = { themeColor: "#1d4ed8" };

// Every page is rendered per request, 404s included: the Content-Security-Policy's nonce is new each
// time (proxy.ts), and a page prerendered at build time would carry no nonce, so its scripts could not run.
export const dynamic = "force-dynamic";

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en-GB">
      <body className="min-h-screen bg-slate-50 font-sans text-slate-900 antialiased">{children}</body>
    </html>
  );
}
