import type { ComponentProps, ReactNode } from "react";
import { cn } from "./cn";

/** A white panel with a hairline border: the container of most content. */
export function Card({ className, ...props }: ComponentProps<"div">) {
  return (
    <div className={cn("rounded-lg border border-slate-200 bg-white shadow-sm", className)} {...props} />
  );
}

/** A card's title row: an h2 (or `as`), optional description, actions on the right. */
export function CardHeader({
  title,
  description,
  actions,
  as: Heading = "h2",
  id,
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  as?: "h2" | "h3";
  /** Give it to label the section: <section aria-labelledby={id}>. */
  id?: string;
  className?: string;
}) {
  return (
    <div
      className={cn(
        "flex flex-col items-start gap-3 border-b border-slate-200 px-4 py-3 sm:flex-row sm:justify-between sm:gap-4",
        className,
      )}
    >
      <div className="min-w-0">
        <Heading id={id} className="text-sm font-semibold text-slate-900">
          {title}
        </Heading>
        {description ? <p className="mt-0.5 text-sm text-slate-600">{description}</p> : null}
      </div>
      {actions ? <div className="flex shrink-0 items-center gap-2">{actions}</div> : null}
    </div>
  );
}

export function CardBody({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("p-4", className)} {...props} />;
}
