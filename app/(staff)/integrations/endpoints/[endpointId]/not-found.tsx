// An endpoint that does not exist, or belongs to another organisation (the same answer, on purpose).
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { PlugIcon } from "@/components/ui/icons";

export default function EndpointNotFound() {
  return (
    <div className="mx-auto mt-12 max-w-lg text-center">
      <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-slate-200 text-slate-700">
        <PlugIcon className="size-6" />
      </span>
      <h1 className="mt-4 text-xl font-semibold text-slate-900">Webhook endpoint not found</h1>
      <p className="mt-2 text-sm text-slate-600">
        It may have been deleted, or the link is wrong. Endpoints of other organisations are never shown.
      </p>
      <Link href="/integrations" className={buttonClasses({ variant: "secondary", className: "mt-6" })}>
        Back to Integrations
      </Link>
    </div>
  );
}
