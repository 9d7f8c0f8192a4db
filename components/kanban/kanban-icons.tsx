// Icons only the kanban uses (the shared set is components/ui/icons.tsx); decorative.
import type { ComponentProps } from "react";

type Props = ComponentProps<"svg">;

const base = {
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 1.8,
  strokeLinecap: "round",
  strokeLinejoin: "round",
  "aria-hidden": true,
  focusable: "false",
} as const;

export const GripIcon = ({ className = "size-4", ...props }: Props) => (
  <svg {...base} className={className} {...props}>
    <circle cx="9" cy="6" r="1" fill="currentColor" />
    <circle cx="15" cy="6" r="1" fill="currentColor" />
    <circle cx="9" cy="12" r="1" fill="currentColor" />
    <circle cx="15" cy="12" r="1" fill="currentColor" />
    <circle cx="9" cy="18" r="1" fill="currentColor" />
    <circle cx="15" cy="18" r="1" fill="currentColor" />
  </svg>
);

export const ClockIcon = ({ className = "size-4", ...props }: Props) => (
  <svg {...base} className={className} {...props}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 7.5V12l3 2" />
  </svg>
);

export const NoteIcon = ({ className = "size-4", ...props }: Props) => (
  <svg {...base} className={className} {...props}>
    <path d="M5 4.5h14v10l-5 5H5z" />
    <path d="M14 19.5v-5h5M8.5 9h7M8.5 12.5h4" />
  </svg>
);
