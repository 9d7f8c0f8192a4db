// next-auth's endpoints (session, CSRF token, sign-out): /api/auth/*.
import { handlers } from "@/lib/auth/staff-auth";

export const { GET, POST } = handlers;
