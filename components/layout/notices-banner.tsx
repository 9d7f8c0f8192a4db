// Unread notices of the organisation, under the top bar, for those who can act on them.
import Link from "next/link";
import { CloseIcon, WarningIcon } from "@/components/ui/icons";
import { noticeKind, timeAgo } from "./notice-kinds";

export type BannerNotice = { id: string; kind: string; message: string; createdAt: Date };

export function NoticesBanner({
  notices,
  moreCount,
  dismissAction,
}: {
  notices: BannerNotice[];
  /** Unread notices beyond those shown. */
  moreCount: number;
  dismissAction: (formData: FormData) => Promise<void>;
}) {
  if (notices.length === 0) return null;
  return (
    <section aria-label="Notices" className="border-b border-amber-300 bg-amber-50">
      <ul className="mx-auto w-full max-w-[120rem] divide-y divide-amber-200 px-4 lg:px-6 2xl:px-8">
        {notices.map((notice) => {
          const kind = noticeKind(notice.kind);
          return (
            <li key={notice.id} className="flex items-center gap-3 py-2.5 text-sm text-amber-950">
              <WarningIcon className="size-4 shrink-0 text-amber-700" />
              <p className="min-w-0 flex-1">
                <span className="font-semibold">{kind.title}.</span> {notice.message}{" "}
                <time dateTime={notice.createdAt.toISOString()} className="whitespace-nowrap text-amber-900">
                  · {timeAgo(notice.createdAt)}
                </time>
              </p>
              {kind.action ? (
                <Link
                  href={kind.action.href}
                  className="shrink-0 font-medium text-amber-950 underline underline-offset-2 hover:no-underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-700"
                >
                  {kind.action.label}
                </Link>
              ) : null}
              <form action={dismissAction} className="shrink-0">
                <input type="hidden" name="noticeId" value={notice.id} />
                <button
                  type="submit"
                  className="flex h-8 items-center gap-1.5 rounded-md px-2.5 text-sm font-medium text-amber-950 hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-700"
                >
                  <CloseIcon />
                  Dismiss<span className="sr-only"> notice: {kind.title}</span>
                </button>
              </form>
            </li>
          );
        })}
        {moreCount > 0 ? (
          <li className="py-2 text-sm text-amber-950">
            <Link href="/notices" className="font-medium underline underline-offset-2 hover:no-underline">
              {moreCount} more unread notice{moreCount === 1 ? "" : "s"}
            </Link>
          </li>
        ) : null}
      </ul>
    </section>
  );
}
