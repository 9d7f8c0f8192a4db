"use client";
// What the last endpoint action did, said under the page header (the buttons sit in the header; the
// message gets the page's width). Successes are polite (role=status), failures interrupt (role=alert).
import { createContext, useContext, useState, type ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

export type EndpointNotice = { tone: "success" | "danger" | "info"; text: string } | null;

const NoticeContext = createContext<{
  notice: EndpointNotice;
  setNotice: (notice: EndpointNotice) => void;
} | null>(null);

export function EndpointNoticeProvider({ children }: { children: ReactNode }) {
  const [notice, setNotice] = useState<EndpointNotice>(null);
  return <NoticeContext.Provider value={{ notice, setNotice }}>{children}</NoticeContext.Provider>;
}

export function useEndpointNotice() {
  const context = useContext(NoticeContext);
  if (!context) throw new Error("useEndpointNotice needs an EndpointNoticeProvider");
  return context;
}

export function EndpointNoticeBar() {
  const { notice, setNotice } = useEndpointNotice();
  const dismiss = (
    <Button size="sm" variant="ghost" className="-my-1" onClick={() => setNotice(null)}>
      Dismiss
    </Button>
  );
  return (
    <>
      <div role="status" className="mb-6 empty:hidden">
        {notice && notice.tone !== "danger" ? (
          <Alert tone={notice.tone} role="none" actions={dismiss}>
            {notice.text}
          </Alert>
        ) : null}
      </div>
      <div role="alert" className="mb-6 empty:hidden">
        {notice?.tone === "danger" ? (
          <Alert tone="danger" role="none" actions={dismiss}>
            {notice.text}
          </Alert>
        ) : null}
      </div>
    </>
  );
}
