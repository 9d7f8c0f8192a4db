"use client";
// The organisation's choices (sites, profiles and their 3PLs, rate cards) and the browser's clock,
// shared by the wizard's steps.
import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import type { WizardOptions, WizardSite } from "@/lib/movement-requests/wizard/wizard-options";

type WizardContextValue = {
  options: WizardOptions;
  now: Date;
  siteById: (id: string | undefined) => WizardSite | undefined;
};

const WizardContext = createContext<WizardContextValue | null>(null);

const CLOCK_TICK_MS = 30_000;

export function WizardOptionsProvider({
  options,
  children,
}: {
  options: WizardOptions;
  children: ReactNode;
}) {
  // "Ready now" depends on the clock: keep it current while the form is open (noon changes the slot).
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const siteById = (id: string | undefined) => options.sites.find((site) => site.id === id);
  return <WizardContext.Provider value={{ options, now, siteById }}>{children}</WizardContext.Provider>;
}

export function useWizardOptions(): WizardContextValue {
  const value = useContext(WizardContext);
  if (!value) throw new Error("useWizardOptions() outside <WizardOptionsProvider>");
  return value;
}
