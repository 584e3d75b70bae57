import { z } from "zod";

/**
 * A real sign-in over HTTP through Auth.js's credentials endpoints (the sign-in form's action
 * calls the same provider): fetch a CSRF token, post the form, keep the cookies it sets.
 * Returns the Cookie header of the signed-in session.
 */
export async function signInOverHttp(baseUrl: string, email: string, password: string): Promise<string> {
  const jar = new Map<string, string>();
  const keep = (response: Response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ""] = cookie.split(";");
      const separator = pair.indexOf("=");
      if (separator > 0) jar.set(pair.slice(0, separator), pair.slice(separator + 1));
    }
  };
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");

  const csrfResponse = await fetch(`${baseUrl}/api/auth/csrf`);
  keep(csrfResponse);
  const { csrfToken } = z.object({ csrfToken: z.string() }).parse(await csrfResponse.json());
  const signIn = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseUrl, Cookie: cookieHeader() },
    body: new URLSearchParams({ email, password, csrfToken, callbackUrl: `${baseUrl}/dashboard` }),
  });
  keep(signIn);

  // Signed in when the dashboard renders instead of sending the visitor to /auth.
  const dashboard = await fetch(`${baseUrl}/dashboard`, { redirect: "manual", headers: { Cookie: cookieHeader() } });
  if (dashboard.status !== 200) {
    throw new Error(`Sign-in of ${email} failed: sign-in answered ${signIn.status}, /dashboard ${dashboard.status}`);
  }
  return cookieHeader();
}
