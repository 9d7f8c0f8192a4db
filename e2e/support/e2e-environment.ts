// Shared by the Playwright config and the tests: where the server under test listens.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** The server's METRICS_TOKEN: GET /api/metrics is open to it (e2e/api/metrics.spec.ts). */
export const E2E_METRICS_TOKEN = "e2e-metrics-token-0123456789abcdef";
