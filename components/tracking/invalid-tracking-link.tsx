// What an unknown, expired or switched-off tracking link shows (with HTTP 404): plain words for the
// customer, who did nothing wrong, and who to ask.
export function InvalidTrackingLink() {
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col justify-center px-4 py-12">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <p className="text-sm font-medium tracking-wide text-slate-600 uppercase">Vehicle tracking</p>
        <h1 className="mt-1 text-2xl font-semibold text-slate-900">This tracking link is not valid</h1>
        <p className="mt-3 text-slate-700">
          It may have been mistyped, or the movement it followed ended a while ago. Please check the link in
          your message, or ask the dealer who sent it for a new one.
        </p>
      </div>
    </main>
  );
}
