// What a staff session and its token carry (lib/auth/staff-auth.config.ts fills them).
import type { DefaultSession } from "next-auth";
import type { UserRole } from "@/lib/generated/prisma/enums";

declare module "next-auth" {
  interface User {
    role?: UserRole;
    organisationId?: string;
    /** The server-side session record made at sign-in (lib/auth/user-sessions.ts). */
    sessionId?: string;
  }

  interface Session {
    /** The server-side session record; getStaffContext checks it is still live. */
    sessionId?: string;
    user: {
      id: string;
      email: string;
      name: string;
      role: UserRole;
      organisationId: string;
    } & DefaultSession["user"];
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    /** The user id is `sub`. */
    organisationId?: string;
    role?: UserRole;
    /** Unix seconds: the session ends SESSION_ABSOLUTE_TIMEOUT_HOURS after this. */
    signedInAt?: number;
    /** The server-side session record (lib/auth/user-sessions.ts). */
    sid?: string;
  }
}
