"use client";
// The sign-in form: validated in the browser with the server's own schema, then sent to a server
// action, which redirects on success and returns one generic message otherwise.
import { useState } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { HydratedForm } from "@/components/ui/hydrated-form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Alert } from "@/components/ui/alert";
import { signInWithCredentials } from "@/lib/auth/sign-in-actions";
import { signInInput } from "@/lib/auth/sign-in-schema";

type FormInput = z.input<typeof signInInput>;
type FormOutput = z.output<typeof signInInput>;

export function SignInForm({ callbackUrl }: { callbackUrl: string | null }) {
  const [formError, setFormError] = useState<string | null>(null);
  const [showPassword, setShowPassword] = useState(false);
  const {
    register,
    handleSubmit,
    setFocus,
    resetField,
    formState: { errors, isSubmitting, isSubmitSuccessful },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(signInInput),
    defaultValues: { email: "", password: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const result = await signInWithCredentials(values, callbackUrl);
    // Only a refusal comes back: success redirects.
    if (result?.error) {
      setFormError(result.error);
      resetField("password");
      setFocus("password");
    }
  });

  const busy = isSubmitting || (isSubmitSuccessful && !formError);

  return (
    <>
      {/* Before the form's fieldset, which would keep this region's margin when it is empty. */}
      <div id="sign-in-error" role="alert" aria-atomic="true">
        {formError ? (
          <Alert tone="danger" role="none" className="mb-5">
            {formError}
          </Alert>
        ) : null}
      </div>
      <HydratedForm method="post" noValidate onSubmit={onSubmit} className="space-y-5">
        <div>
          <Label htmlFor="email">E-mail</Label>
          <Input
            id="email"
            type="email"
            autoComplete="username"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            className="mt-1.5"
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? "email-error" : undefined}
            {...register("email")}
          />
          <FieldError id="email-error">{errors.email?.message}</FieldError>
        </div>

        <div>
          <Label htmlFor="password">Password</Label>
          <div className="relative mt-1.5">
            <Input
              id="password"
              type={showPassword ? "text" : "password"}
              autoComplete="current-password"
              className="pr-16"
              aria-invalid={errors.password ? true : undefined}
              aria-describedby={errors.password ? "password-error" : undefined}
              {...register("password")}
            />
            <button
              type="button"
              onClick={() => setShowPassword((shown) => !shown)}
              aria-pressed={showPassword}
              aria-controls="password"
              className="absolute inset-y-1 right-1 rounded px-2 text-xs font-medium text-slate-600 pointer-coarse:inset-y-0 pointer-coarse:right-0 pointer-coarse:px-3 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600"
            >
              {showPassword ? "Hide" : "Show"}
              <span className="sr-only"> password</span>
            </button>
          </div>
          <FieldError id="password-error">{errors.password?.message}</FieldError>
        </div>

        <Button type="submit" size="lg" className="w-full" loading={busy}>
          {busy ? "Signing in…" : "Sign in"}
        </Button>
      </HydratedForm>
    </>
  );
}
