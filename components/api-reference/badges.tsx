// Small labels: HTTP method, status code, extension, scope, required.
const METHOD_STYLES: Record<string, string> = {
  get: "bg-emerald-100 text-emerald-800 ring-emerald-600/20",
  post: "bg-sky-100 text-sky-800 ring-sky-600/20",
  patch: "bg-amber-100 text-amber-900 ring-amber-600/20",
  put: "bg-violet-100 text-violet-800 ring-violet-600/20",
  delete: "bg-rose-100 text-rose-800 ring-rose-600/20",
};

export function MethodBadge({ method, compact = false }: { method: string; compact?: boolean }) {
  const style = METHOD_STYLES[method] ?? "bg-slate-100 text-slate-800 ring-slate-600/20";
  const size = compact ? "w-12 px-1 text-[0.625rem]" : "px-2 text-xs";
  return (
    <span
      className={`inline-flex shrink-0 items-center justify-center rounded py-0.5 font-mono font-semibold uppercase ring-1 ring-inset ${size} ${style}`}
    >
      {method === "delete" && compact ? "DEL" : method.toUpperCase()}
    </span>
  );
}

export function StatusBadge({ status }: { status: string }) {
  const style = status.startsWith("2")
    ? "bg-emerald-100 text-emerald-800"
    : status.startsWith("5")
      ? "bg-rose-100 text-rose-800"
      : status.startsWith("4")
        ? "bg-amber-100 text-amber-900"
        : "bg-slate-100 text-slate-800";
  return (
    <span
      className={`inline-flex min-w-12 justify-center rounded px-2 py-0.5 font-mono text-xs font-semibold ${style}`}
    >
      {status}
    </span>
  );
}

export function ExtensionBadge() {
  return (
    <span
      title="Beyond the interface specification: additive, never breaking"
      className="inline-flex items-center rounded-full bg-violet-50 px-2 py-0.5 text-xs font-medium text-violet-800 ring-1 ring-inset ring-violet-600/20"
    >
      Extension
    </span>
  );
}

export function ScopeBadge({ scope }: { scope: string }) {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 ring-1 ring-inset ring-slate-500/20">
      <svg aria-hidden="true" viewBox="0 0 16 16" className="size-3 fill-current">
        <path d="M10.5 1a4.5 4.5 0 0 0-4.38 5.55L1 11.67V15h3.33v-1.67H6v-1.66h1.67l1.78-1.78A4.5 4.5 0 1 0 10.5 1Zm1.25 4.5a1.25 1.25 0 1 1 0-2.5 1.25 1.25 0 0 1 0 2.5Z" />
      </svg>
      Scope <code className="font-mono">{scope}</code>
    </span>
  );
}

export function RequiredMark() {
  return <span className="text-xs font-semibold uppercase tracking-wide text-rose-700">required</span>;
}
