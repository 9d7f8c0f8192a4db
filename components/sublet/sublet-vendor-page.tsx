"use client";
// A sublet vendor's page (no account: the link is the credential), phone first: the vehicle, the prep
// site where it stands, and the items sent to this vendor. After every change the page reads them
// again from the server, so what it offers is always the server's word.
import { useCallback, useState } from "react";
import { SubletVendorItemCard } from "@/components/sublet/sublet-vendor-item";
import type { SubletVendorView } from "@/lib/recon/sublet/schemas";

export function SubletVendorPage({ base, initialView }: { base: string; initialView: SubletVendorView }) {
  const [view, setView] = useState(initialView);
  const [stale, setStale] = useState(false);
  const reload = useCallback(async () => {
    try {
      const answer = await fetch(`${base}/view`, { cache: "no-store" });
      if (!answer.ok) throw new Error(String(answer.status));
      setView((await answer.json()) as SubletVendorView);
      setStale(false);
    } catch {
      setStale(true);
    }
  }, [base]);
  const { vehicle, site } = view;
  const name = [vehicle.make, vehicle.model].filter(Boolean).join(" ");

  return (
    <main className="mx-auto flex min-h-screen w-full max-w-xl flex-col gap-4 px-4 py-6">
      <header>
        <p className="text-sm font-medium tracking-wide text-slate-600 uppercase">
          Sublet work from {view.organisationName}
        </p>
        <h1 className="mt-1 text-2xl font-semibold break-words text-slate-900">For {view.vendorName}</h1>
      </header>
      <section
        aria-labelledby="sublet-vehicle"
        className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
      >
        <h2 id="sublet-vehicle" className="sr-only">
          The vehicle
        </h2>
        {vehicle.vrm ? (
          <p className="inline-block rounded bg-yellow-300 px-2 py-0.5 font-mono text-xl font-bold text-slate-900">
            {vehicle.vrm}
          </p>
        ) : null}
        {name ? <p className="mt-1 text-lg text-slate-900">{name}</p> : null}
        {site ? (
          <p className="mt-2 text-sm break-words text-slate-700">
            At <span className="font-medium">{site.name}</span>, {site.address}
          </p>
        ) : null}
      </section>
      {stale ? (
        <p role="alert" className="text-sm text-red-700">
          The page could not be refreshed. Check your signal and reload it.
        </p>
      ) : null}
      <section aria-labelledby="sublet-items">
        <h2 id="sublet-items" className="text-lg font-semibold text-slate-900">
          Your items
        </h2>
        {view.items.length === 0 ? (
          <p className="mt-1 text-slate-700">No items are waiting for you on this vehicle.</p>
        ) : (
          <ul className="mt-2 flex flex-col gap-3">
            {view.items.map((item) => (
              <SubletVendorItemCard
                key={`${item.id}:${item.state}`}
                base={base}
                item={item}
                onChanged={() => void reload()}
              />
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}

export function InvalidSubletLink() {
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col justify-center px-4 py-12">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <p className="text-sm font-medium tracking-wide text-slate-600 uppercase">Sublet work</p>
        <h1 className="mt-1 text-2xl font-semibold text-slate-900">This link is not valid</h1>
        <p className="mt-3 text-slate-700">
          It may have been revoked or mistyped. Ask the workshop that sent it for a new one.
        </p>
      </div>
    </main>
  );
}
