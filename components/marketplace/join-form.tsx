"use client";
// The invitation's password form. On success the server action redirects to the sign-in page.
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { HydratedForm } from "@/components/ui/hydrated-form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { ActionResult } from "@/lib/http/action-result";

type Props = { token: string; action: (input: unknown) => Promise<ActionResult> };

export function JoinForm({ token, action }: Props) {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<Extract<ActionResult, { ok: false }> | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get("password") ?? "");
    setPending(true);
    const result = await action({ token, password });
    setPending(false);
    if (!result.ok) setFailure(result);
  }

  const passwordError = failure?.fieldErrors?.password;
  return (
    <HydratedForm onSubmit={(event) => void submit(event)} className="space-y-4">
      <div>
        <Label htmlFor="password">New password</Label>
        <Input
          id="password"
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={12}
          required
          className="mt-1"
          aria-invalid={passwordError ? true : undefined}
          aria-describedby={passwordError ? "password-error" : "password-hint"}
        />
        <p id="password-hint" className="mt-1 text-sm text-slate-600">
          At least 12 characters.
        </p>
        <FieldError id="password-error">{passwordError}</FieldError>
      </div>
      {failure && !passwordError ? <Alert tone="danger">{failure.message}</Alert> : null}
      <Button type="submit" size="lg" loading={pending}>
        Set password
      </Button>
    </HydratedForm>
  );
}
