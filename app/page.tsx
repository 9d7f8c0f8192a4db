// GET / — signed-out visitors see what the service is and where to sign in; signed-in staff go
// straight to their role's start page (the board, or the prep-job kanban).
import Link from "next/link";
import { redirect } from "next/navigation";
import { Brand } from "@/components/layout/brand";
import { SkipLink } from "@/components/layout/skip-link";
import { buttonClasses } from "@/components/ui/button";
import { ArrowRightIcon, BoardIcon, MapPinIcon, PlugIcon, WrenchIcon } from "@/components/ui/icons";
import { homePathFor } from "@/lib/auth/roles";
import { getStaffContext } from "@/lib/auth/require-staff";

const FEATURES = [
  {
    icon: BoardIcon,
    title: "Dispatch board",
    text: "The planning pool and every movement in flight, filtered and sorted the way your team works.",
  },
  {
    icon: WrenchIcon,
    title: "Prep jobs",
    text: "A kanban per prep site from inbound to ready for sale, with the movements that feed it.",
  },
  {
    icon: PlugIcon,
    title: "API and webhooks",
    text: "Request movements from your systems with a versioned REST API; hear back through signed webhooks.",
  },
  {
    icon: MapPinIcon,
    title: "Tracking links",
    text: "Buyers follow their vehicle on a public page: dates and towns, never personal data.",
  },
];

export default async function HomePage() {
  const staff = await getStaffContext().catch(() => null);
  if (staff) redirect(homePathFor(staff.user.role));

  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-6">
          <Brand />
          <nav aria-label="Service links" className="flex items-center gap-2">
            <Link href="/docs/api" className={buttonClasses({ variant: "ghost" })}>
              API reference
            </Link>
            <Link href="/sign-in" className={buttonClasses({ variant: "primary" })}>
              Sign in
            </Link>
          </nav>
        </div>
      </header>

      <main id="main-content" className="flex-1">
        <section className="mx-auto max-w-6xl px-6 pt-20 pb-16">
          <p className="text-sm font-semibold tracking-wide text-blue-700 uppercase">For dealer groups</p>
          <h1 className="mt-3 max-w-3xl text-4xl font-semibold tracking-tight text-slate-900 sm:text-5xl">
            Vehicle Movement Service
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-slate-600">
            Move vehicles between your sites, dispatch them to drivers and logistics partners, and prepare
            them for sale, from one place.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link href="/sign-in" className={buttonClasses({ size: "lg" })}>
              Sign in
              <ArrowRightIcon />
            </Link>
            <Link href="/docs/api" className={buttonClasses({ variant: "secondary", size: "lg" })}>
              Read the API reference
            </Link>
          </div>
        </section>

        <section aria-labelledby="features-heading" className="border-t border-slate-200 bg-white">
          <div className="mx-auto max-w-6xl px-6 py-16">
            <h2 id="features-heading" className="sr-only">
              What it does
            </h2>
            <ul className="grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
              {FEATURES.map(({ icon: Icon, title, text }) => (
                <li key={title}>
                  <span className="flex size-10 items-center justify-center rounded-lg bg-blue-50 text-blue-700">
                    <Icon className="size-5" />
                  </span>
                  <h3 className="mt-4 text-base font-semibold text-slate-900">{title}</h3>
                  <p className="mt-1.5 text-sm leading-relaxed text-slate-600">{text}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>
      </main>

      <footer className="border-t border-slate-200">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-6 py-6 text-sm text-slate-600">
          <p>Vehicle Movement Service</p>
          <nav aria-label="Footer" className="flex gap-6">
            <Link href="/docs/api" className="hover:text-slate-900 hover:underline">
              API reference
            </Link>
            <Link href="/v1/openapi.json" className="hover:text-slate-900 hover:underline">
              OpenAPI document
            </Link>
            <Link href="/api/ready" className="hover:text-slate-900 hover:underline">
              Service status
            </Link>
          </nav>
        </div>
      </footer>
    </div>
  );
}
