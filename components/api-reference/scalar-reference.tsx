"use client";
// The API reference, drawn in the browser by Scalar from the document the page hands it. Everything it
// needs comes from our own build: no fonts, no proxy, no AI agent, nothing fetched from another origin.
import { ApiReferenceReact } from "@scalar/api-reference-react";
import "@scalar/api-reference-react/style.css";
import "@/components/api-reference/scalar-theme.css";

/**
 * Problem bodies link to `/docs/api#error-…` (lib/http/problem.ts). Scalar draws the page after the
 * browser has looked for that anchor, so the row is brought into view once it exists.
 */
function showLinkedErrorCode() {
  const id = decodeURIComponent(window.location.hash.slice(1));
  if (id.startsWith("error-")) document.getElementById(id)?.scrollIntoView({ block: "center" });
}

export function ScalarReference({ document }: { document: unknown }) {
  return (
    <ApiReferenceReact
      configuration={{
        content: document as Record<string, unknown>,
        // The app is light; so is its reference.
        forceDarkModeState: "light",
        hideDarkModeToggle: true,
        // Scalar's default fonts come from its CDN; the app's own font stack is used instead.
        withDefaultFonts: false,
        // Our curl examples (x-codeSamples) carry each scope's demo key; the generated ones would not.
        hiddenClients: true,
        hideTestRequestButton: true,
        hideClientButton: true,
        showDeveloperTools: "never",
        agent: { disabled: true },
        mcp: { disabled: true },
        telemetry: false,
        documentDownloadType: "json",
        metaData: { title: "API reference · Vehicle Movement Service" },
        onLoaded: showLinkedErrorCode,
      }}
    />
  );
}
