import "next-auth";

declare module "next-auth" {
  interface Session {
    /** The id of the server-side session the cookie names (lib/auth/server-sessions.ts). */
    sessionId?: string;
  }
}
