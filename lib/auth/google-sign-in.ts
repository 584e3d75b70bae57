import { env } from "@/lib/env";

/** Google sign-in is offered only when its credentials are configured (no database: proxy.ts reads it too). */
export const googleSignInEnabled = (): boolean => Boolean(env.AUTH_GOOGLE_ID && env.AUTH_GOOGLE_SECRET);
