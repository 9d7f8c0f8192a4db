// "There is a problem": every error of the step on screen, each a link to its field (GOV.UK pattern).
// Announced when it appears; focus itself goes to the first field with an error.
import { ErrorIcon } from "@/components/ui/icons";
import { fieldId } from "./field";

export type SummaryError = { path: string; message: string };

export function ErrorSummary({
  errors,
  title = "There is a problem",
  onSelect,
}: {
  errors: SummaryError[];
  title?: string;
  onSelect: (path: string) => void;
}) {
  if (errors.length === 0) return null;
  return (
    <div
      role="alert"
      aria-labelledby="wizard-error-summary-title"
      className="rounded-lg border-2 border-red-600 bg-white p-4"
    >
      <h3
        id="wizard-error-summary-title"
        tabIndex={-1}
        className="flex items-center gap-2 text-base font-semibold text-red-800 outline-none"
      >
        <ErrorIcon className="size-5 text-red-700" />
        {title}
      </h3>
      <ul className="mt-2 space-y-1 pl-7 text-sm">
        {errors.map((error) => (
          <li key={error.path}>
            <a
              href={`#${fieldId(error.path)}`}
              onClick={(event) => {
                event.preventDefault();
                onSelect(error.path);
              }}
              className="font-medium text-red-800 underline underline-offset-2 hover:text-red-900"
            >
              {error.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
