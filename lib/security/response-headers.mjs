// @ts-check
// The security headers of every response (pages, the API, static files, error answers). One list for
// both places that send them: next.config.ts (everything Next answers) and server/front-door.mjs
// (what is refused before Next runs). Plain JavaScript for the front door, which runs unbuilt. The
// Content-Security-Policy needs a nonce per page: proxy.ts sets it
// (lib/security/content-security-policy.ts). docs/security.md has the whole list.

/**
 * Only a carrier's job page asks for the phone's position (proofs, and the position shared while the
 * leg is on the road): there the page itself may (`self`), everywhere else nobody may, so that an
 * injected script or a frame elsewhere cannot prompt for it.
 * @param {{ geolocation: boolean }} options
 */
export function permissionsPolicy({ geolocation }) {
  return `camera=(), microphone=(), geolocation=${geolocation ? "(self)" : "()"}, payment=()`;
}

/** The job link's page and the signed-in carrier's job page (next.config.ts path patterns). */
export const GEOLOCATION_PAGES = ["/jobs/:token", "/carrier/jobs/:requestId"];

/** @type {ReadonlyArray<{ key: string, value: string }>} */
export const SECURITY_HEADERS = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: permissionsPolicy({ geolocation: false }) },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
];

/**
 * Production builds (next build, npm start) pin https for a year; browsers ignore it over plain http
 * (RFC 6797 §8.1), so local production runs are unaffected. Never from `next dev`, which may be
 * served over https on localhost, where a year-long pin would outlive the session.
 */
export const TRANSPORT_SECURITY = {
  key: "Strict-Transport-Security",
  value: "max-age=31536000; includeSubDomains",
};

/**
 * @param {{ production: boolean }} options
 * @returns {Array<{ key: string, value: string }>}
 */
export function securityHeaders({ production }) {
  return production ? [...SECURITY_HEADERS, TRANSPORT_SECURITY] : [...SECURITY_HEADERS];
}
