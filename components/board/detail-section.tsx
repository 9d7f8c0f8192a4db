// A titled part of a movement's details (Actions, Vehicle, Legs…), with an optional note on the right.
import { useId, type ReactNode } from "react";

export function DetailSection({
  title,
  children,
  aside,
}: {
  title: string;
  children: ReactNode;
  aside?: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <div className="mb-2 flex items-baseline justify-between gap-2">
        <h3 id={id} className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
          {title}
        </h3>
        {aside}
      </div>
      {children}
    </section>
  );
}
