// The customer's opt-out page: what it stops (the organisation, the half-hidden addresses) and one
// button; once done, says so. A plain form post: it works with no JavaScript, from any mail app.
import type { OptOutView } from "@/lib/notifications/customer/opt-out";

export function OptOutPage({ view, confirmUrl }: { view: OptOutView; confirmUrl: string }) {
  return (
    <main id="main-content" className="mx-auto max-w-xl px-4 py-10">
      <h1 className="text-2xl font-semibold text-slate-900">Messages from {view.organisationName}</h1>
      {view.optedOut ? (
        <p role="status" className="mt-4 text-slate-800">
          Done: {view.organisationName} sends no more messages about vehicle movements to{" "}
          <span className="break-all">{view.addresses.join(" and ")}</span>.
        </p>
      ) : (
        <>
          <p className="mt-4 text-slate-800">
            Stop the messages {view.organisationName} sends to{" "}
            <span className="break-all">{view.addresses.join(" and ")}</span> about vehicle movements (on its
            way, running late, arriving, delivered)? This stops them for every later movement too.
          </p>
          <form method="post" action={confirmUrl} className="mt-6">
            <button
              type="submit"
              className="inline-flex min-h-11 items-center rounded-md bg-blue-700 px-4 font-medium text-white hover:bg-blue-800"
            >
              Stop messages
            </button>
          </form>
        </>
      )}
    </main>
  );
}
