// An unknown or revoked workshop-screen link: a 404 that says what happened, in screen-sized type.
export default function WorkshopScreenNotFound() {
  return (
    <main
      className="flex min-h-screen flex-col items-center justify-center gap-4 bg-slate-950 p-12 text-center"
      data-workshop-screen
    >
      <h1 className="text-4xl font-semibold text-white">This workshop screen link does not work</h1>
      <p className="max-w-2xl text-xl text-slate-300">
        It was revoked or never existed. Ask an administrator for a new link.
      </p>
    </main>
  );
}
