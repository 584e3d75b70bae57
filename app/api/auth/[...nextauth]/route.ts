import { handlers } from "@/lib/auth/auth";

/** Auth.js endpoints: OAuth redirects and callbacks, session and CSRF (under /api/auth). */
export const { GET, POST } = handlers;
