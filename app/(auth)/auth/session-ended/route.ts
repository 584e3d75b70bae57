import type { NextRequest } from "next/server";
import { signOut } from "@/lib/auth/auth";
import { signInUrlFor } from "@/lib/auth/routes";
import { getSessionUser } from "@/lib/auth/session";

/**
 * Where requireUser() sends a request whose session cookie names an account that no longer
 * exists: the cookie is cleared here (pages cannot set cookies), then the visitor signs in.
 * A live session is left alone, so a link to this page cannot sign anyone out.
 */
export async function GET(request: NextRequest) {
  const returnTo = request.nextUrl.searchParams.get("callbackUrl") ?? undefined;
  if (!(await getSessionUser())) await signOut({ redirect: false });
  // A relative Location keeps the host the browser used.
  return new Response(null, { status: 307, headers: { Location: signInUrlFor(returnTo) } });
}
