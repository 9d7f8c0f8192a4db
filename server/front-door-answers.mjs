// @ts-check
// The bodies of the front door's own answers (server/front-door.mjs): a problem+json for the API
// (the shape of lib/http/problem.ts), a small styled page for everything else. The page has no script
// and no external resource, so its policy allows nothing but its own inline style.

const TITLES = /** @type {Record<number, string>} */ ({
  400: "Bad request",
  405: "Method not allowed",
  411: "Length required",
  413: "Request too large",
  431: "Request headers too large",
});

/** As lib/http/error-status.ts's STATUS_TITLE. */
const PROBLEM_TITLES = /** @type {Record<number, string>} */ ({
  400: "Bad Request",
  405: "Method Not Allowed",
  411: "Length Required",
  413: "Content Too Large",
});

const PAGE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** /v1 and /api answer problem+json; everything else is a page. @param {string} pathname */
export function isApiPath(pathname) {
  return /^\/(v1|api)(\/|$)/.test(pathname);
}

/**
 * @param {number} status
 * @param {string} code
 * @param {string} message
 */
export function problem(status, code, message) {
  const body = JSON.stringify({
    type: `/docs/api#error-${code.toLowerCase().replaceAll("_", "-")}`,
    title: PROBLEM_TITLES[status] ?? "Error",
    status,
    code,
    message,
    detail: message,
  });
  return { headers: { "Content-Type": "application/problem+json" }, body };
}

/**
 * @param {number} status
 * @param {string} message
 */
export function errorPage(status, message) {
  const title = TITLES[status] ?? "Error";
  const body = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${status} ${title} · Vehicle Movement Service</title>
<style>
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f8fafc;color:#0f172a;
font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
main{max-width:28rem;margin:1rem;padding:2rem;background:#fff;border:1px solid #e2e8f0;border-radius:.75rem}
p.status{margin:0;font-size:.875rem;font-weight:600;color:#64748b}
h1{margin:.25rem 0 .75rem;font-size:1.5rem}
a{color:#1d4ed8}
</style>
</head>
<body>
<main>
<p class="status">${status}</p>
<h1>${title}</h1>
<p>${escapeHtml(message)}</p>
<p><a href="/">Go to the start page</a></p>
</main>
</body>
</html>
`;
  return {
    headers: { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": PAGE_POLICY },
    body,
  };
}

/** @param {string} text */
function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
