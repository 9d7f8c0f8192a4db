// Pages for signed-out staff: the product on the left (wide screens), the form on the right.
import type { ReactNode } from "react";
import Link from "next/link";
import { Brand } from "@/components/layout/brand";
import { BoardIcon, PlugIcon, WrenchIcon } from "@/components/ui/icons";

const POINTS = [
  {
    icon: BoardIcon,
    title: "One board for every movement",
    text: "Plan the pool, dispatch to drivers and 3PLs, follow each leg.",
  },
  {
    icon: WrenchIcon,
    title: "Prep jobs in step",
    text: "From purchase to ready-for-sale, stage by stage, per prep site.",
  },
  {
    icon: PlugIcon,
    title: "Integrated",
    text: "A versioned API and signed webhooks keep your systems up to date.",
  },
];

export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="grid min-h-screen lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <aside className="relative hidden overflow-hidden bg-slate-900 px-12 py-10 text-white lg:flex lg:flex-col">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-40 -right-40 size-[32rem] rounded-full bg-blue-600/20 blur-3xl"
        />
        <Link
          href="/"
          className="relative w-fit rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-white"
        >
          <Brand inverse />
        </Link>
        <div className="relative my-auto max-w-md py-12">
          <p className="text-3xl leading-tight font-semibold tracking-tight">
            Every vehicle, from where it is to where it needs to be.
          </p>
          <ul className="mt-10 space-y-6">
            {POINTS.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-4">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-white/10 text-blue-300">
                  <Icon className="size-5" />
                </span>
                <span>
                  <span className="block text-sm font-semibold text-white">{title}</span>
                  <span className="mt-0.5 block text-sm text-slate-300">{text}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-xs text-slate-400">Staff sign-in. Integrations use API keys.</p>
      </aside>
      <main id="main-content" className="flex flex-col items-center justify-center px-6 py-12">
        <Link
          href="/"
          className="mb-10 flex items-center rounded-md pointer-coarse:min-h-11 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-blue-600 lg:hidden"
        >
          <Brand />
        </Link>
        {children}
      </main>
    </div>
  );
}
