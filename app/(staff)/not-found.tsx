// notFound() inside a staff page (e.g. a movement of another organisation): shown within the shell.
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { MapPinIcon } from "@/components/ui/icons";

export default function StaffNotFound() {
  return (
    <div className="mx-auto mt-12 max-w-lg text-center">
      <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-slate-200 text-slate-700">
        <MapPinIcon className="size-6" />
      </span>
      <h1 className="mt-4 text-xl font-semibold text-slate-900">Not found</h1>
      <p className="mt-2 text-sm text-slate-600">
        There is nothing here, or it belongs to another organisation. Check the link, or start again from your
        start page.
      </p>
      <Link href="/" className={buttonClasses({ variant: "secondary", className: "mt-6" })}>
        Go to your start page
      </Link>
    </div>
  );
}
