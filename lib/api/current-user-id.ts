import "server-only";
import { getSessionUser } from "@/lib/auth/session";

/**
 * The signed-in user's id for route handlers, or null. One seam between the image and download
 * routes and lib/auth, so they share one definition of "signed in" (an existing account).
 */
export async function currentUserId(): Promise<string | null> {
  return (await getSessionUser())?.id ?? null;
}
