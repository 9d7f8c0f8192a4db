"use client";
// Sign-out: a form posting to a server action (works without JavaScript too), busy while it runs.
import { useFormStatus } from "react-dom";
import { Spinner } from "@/components/ui/spinner";
import { SignOutIcon } from "@/components/ui/icons";

export function SignOutButton({ action }: { action: () => Promise<void> }) {
  return (
    <form action={action}>
      <SubmitButton />
    </form>
  );
}

function SubmitButton() {
  const { pending } = useFormStatus();
  return (
    <button
      type="submit"
      disabled={pending}
      className="flex h-9 items-center gap-2 rounded-md px-3 text-sm font-medium text-slate-300 pointer-coarse:h-11 transition-colors hover:bg-white/8 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:opacity-70"
    >
      {pending ? <Spinner /> : <SignOutIcon />}
      Sign out
    </button>
  );
}
