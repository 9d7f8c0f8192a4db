// The little Markdown the document's descriptions use: paragraphs, "- " lists, `code`, **bold**,
// *emphasis* and [links](url). Anything else is shown as text.
import type { ReactNode } from "react";

const INLINE = /(`[^`]+`|\*\*[^*]+\*\*|\*[^*\s][^*]*\*|\[[^\]]+\]\([^)\s]+\))/g;

export function InlineMarkdown({ text }: { text: string }): ReactNode {
  return text.split(INLINE).map((part, index) => {
    if (part.startsWith("`") && part.endsWith("`") && part.length > 1) {
      return (
        <code key={index} className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em] text-slate-800">
          {part.slice(1, -1)}
        </code>
      );
    }
    if (part.startsWith("**") && part.endsWith("**")) {
      return (
        <strong key={index} className="font-semibold text-slate-900">
          {part.slice(2, -2)}
        </strong>
      );
    }
    const link = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(part);
    if (link) {
      return (
        <a key={index} href={link[2]} className="font-medium text-indigo-700 underline underline-offset-2">
          {link[1]}
        </a>
      );
    }
    if (part.startsWith("*") && part.endsWith("*") && part.length > 2) {
      return <em key={index}>{part.slice(1, -1)}</em>;
    }
    return part;
  });
}

type Block = { kind: "paragraph"; text: string } | { kind: "list"; items: string[] };

function blocksOf(markdown: string): Block[] {
  const blocks: Block[] = [];
  for (const chunk of markdown.split(/\n\s*\n/)) {
    const lines = chunk.split("\n");
    if (lines[0]?.startsWith("- ")) {
      const items: string[] = [];
      for (const line of lines) {
        if (line.startsWith("- ")) items.push(line.slice(2));
        else if (items.length > 0) items[items.length - 1] += ` ${line.trim()}`;
      }
      blocks.push({ kind: "list", items });
    } else if (chunk.trim()) {
      blocks.push({ kind: "paragraph", text: lines.map((line) => line.trim()).join(" ") });
    }
  }
  return blocks;
}

export function Markdown({ text, className = "" }: { text: string; className?: string }) {
  return (
    <div className={`space-y-3 text-[0.9375rem] leading-7 text-slate-700 ${className}`}>
      {blocksOf(text).map((block, index) =>
        block.kind === "list" ? (
          <ul key={index} className="list-disc space-y-1.5 pl-5 marker:text-slate-400">
            {block.items.map((item, itemIndex) => (
              <li key={itemIndex}>
                <InlineMarkdown text={item} />
              </li>
            ))}
          </ul>
        ) : (
          <p key={index}>
            <InlineMarkdown text={block.text} />
          </p>
        ),
      )}
    </div>
  );
}
