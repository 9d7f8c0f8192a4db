// What a staff session and its token carry (lib/auth/staff-auth.config.ts fills them).
import type { DefaultSession } from "next-auth";
import type { UserRole } from "@/lib/generated/prisma/enums";

declare module "next-auth" {
  interface User {
    role?: UserRole;
    organisationId?: string;
  }

  interface Session {
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
    /** Unix seconds: the session ends 12 hours after this. */
    signedInAt?: number;
  }
}
