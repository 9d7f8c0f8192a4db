// What the phone says when the page asks for its position, and why it gave none. A refusal and the
// page's Permissions-Policy both reach the page as PERMISSION_DENIED; only the policy tells them apart
// (issue #35 §5: "Not allowed by the phone" blamed the phone for the page's own header).
import { useEffect, useState } from "react";
import type { PositionProblem } from "@/lib/generated/prisma/enums";

export type PhonePosition = { latitude: number; longitude: number; accuracyMetres: number };

/** How each problem reads, on the phone and in the board's proof card. */
export const POSITION_PROBLEM_TEXT: Record<PositionProblem, string> = {
  REFUSED: "the driver did not allow the position",
  BLOCKED: "the page's settings blocked the position (not the driver)",
  NO_FIX: "no GPS fix in time (weak signal)",
  NO_GPS: "this phone gives no position",
};

type PolicyDocument = Document & {
  permissionsPolicy?: { allowsFeature(feature: string): boolean };
  featurePolicy?: { allowsFeature(feature: string): boolean };
};

/** Whether this page may ask at all (Chromium says; other browsers do not, and then we assume so). */
export function pageMayAskPosition(): boolean {
  const policy = (document as PolicyDocument).permissionsPolicy ?? (document as PolicyDocument).featurePolicy;
  return policy ? policy.allowsFeature("geolocation") : true;
}

export function positionProblemOf(error: GeolocationPositionError): PositionProblem {
  if (error.code === error.PERMISSION_DENIED) return pageMayAskPosition() ? "REFUSED" : "BLOCKED";
  return "NO_FIX";
}

export function phoneHasPosition(): boolean {
  return typeof navigator !== "undefined" && "geolocation" in navigator;
}

/**
 * The phone's position once, for a proof: "asking" until it answers, then the position or why there is
 * none. Optional: a phone that refuses (or has no fix in 10 s) records the proof without it. Only for
 * components that mount on a tap (never server-rendered), where navigator is there.
 */
export function usePositionOnce(): PhonePosition | PositionProblem | "asking" {
  const [position, setPosition] = useState<PhonePosition | PositionProblem | "asking">(() =>
    phoneHasPosition() ? "asking" : "NO_GPS",
  );
  useEffect(() => {
    if (!phoneHasPosition()) return;
    navigator.geolocation.getCurrentPosition(
      ({ coords }) =>
        setPosition({
          latitude: coords.latitude,
          longitude: coords.longitude,
          accuracyMetres: coords.accuracy,
        }),
      (error) => setPosition(positionProblemOf(error)),
      { enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 },
    );
  }, []);
  return position;
}
