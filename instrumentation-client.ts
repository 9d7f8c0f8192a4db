// Runs in the browser before the app's own code (Next's client instrumentation). Zod compiles object
// schemas with new Function() where eval is allowed, and finds out by trying once; our
// Content-Security-Policy has no 'unsafe-eval' (lib/security/content-security-policy.ts), so the try
// is refused and reported as a violation. Jitless, zod validates the same without compiling.
import { z } from "zod";

z.config({ jitless: true });
