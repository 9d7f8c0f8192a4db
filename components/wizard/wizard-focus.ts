// Where focus goes in the wizard: to a field named in the error summary, to the first field in error
// (else the summary), and nowhere on a mouse press on Continue or Create.
import type { MouseEvent } from "react";
import type { Path } from "react-hook-form";
import type { WizardInput } from "@/lib/movement-requests/wizard/wizard-schema";
import { fieldId } from "./field";

// A mouse press on Continue or Create leaves focus in the field: blurring it would show that field's
// error first, moving the button down under the pointer so that the click never lands. The click then
// checks the whole step anyway. (Keyboard users are unaffected: they focus the button with Tab.)
export function keepFocus(event: MouseEvent) {
  event.preventDefault();
}

export function focusField(form: HTMLFormElement | null, path: string) {
  const target =
    form?.querySelector<HTMLElement>(`[data-field="${path}"]`) ?? document.getElementById(fieldId(path));
  target?.focus();
  target?.scrollIntoView({ block: "center" });
}

export function focusFirstError(
  form: HTMLFormElement | null,
  getFieldState: (path: Path<WizardInput>) => { error?: unknown },
) {
  if (!form) return;
  for (const element of form.querySelectorAll<HTMLElement>("[data-field]")) {
    const path = element.dataset.field as Path<WizardInput>;
    if (getFieldState(path).error) {
      element.focus();
      return;
    }
  }
  form.querySelector<HTMLElement>("#wizard-error-summary-title")?.focus();
}
