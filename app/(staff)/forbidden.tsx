// requireStaff() with a role that may not open the page (needs experimental.authInterrupts).
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { LockIcon } from "@/components/ui/icons";

export default function StaffForbidden() {
  return (
    <div className="mx-auto mt-12 max-w-lg text-center">
      <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-slate-200 text-slate-700">
        <LockIcon className="size-6" />
      </span>
      <h1 className="mt-4 text-xl font-semibold text-slate-900">You do not have access to this page</h1>
      <p className="mt-2 text-sm text-slate-600">
        Your role does not include this part of the service. If you need it, ask an administrator of your
        organisation.
      </p>
      <Link href="/" className={buttonClasses({ variant: "secondary", className: "mt-6" })}>
        Go to your start page
      </Link>
    </div>
  );
}
