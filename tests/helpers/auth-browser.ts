import { expect } from "vitest";

/**
 * A stand-in for next/headers that lets integration tests run the real Auth.js (its signIn(),
 * signOut() and auth()) the way server actions and pages do: it hands Auth.js the cookies of the
 * current "browser" and keeps the ones Auth.js sets in it. Use it with
 *
 *   vi.mock("next/headers", async () => (await import("@/tests/helpers/auth-browser")).nextHeaders);
 */

export type CookieJar = Map<string, string>;

export const sessionCookie = "authjs.session-token";

const current: { cookies: CookieJar } = { cookies: new Map() };

/** Makes `cookies` the jar the next Auth.js call reads and writes. */
export function switchToBrowser(cookies: CookieJar): CookieJar {
  current.cookies = cookies;
  return cookies;
}

export const nextHeaders = {
  headers: async () =>
    new Headers({
      host: "localhost:3000",
      "x-forwarded-proto": "http",
      cookie: [...current.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
    }),
  cookies: async () => ({
    get: (name: string) => {
      const value = current.cookies.get(name);
      return value === undefined ? undefined : { name, value };
    },
    set: (name: string, value: string, options?: { maxAge?: number; expires?: Date }) => {
      const expired = value === "" || options?.maxAge === 0 || (options?.expires && options.expires.getTime() <= Date.now());
      if (expired) current.cookies.delete(name);
      else current.cookies.set(name, value);
    },
  }),
};

/** Whom the server's session reader (lib/auth/session.ts) sees for a browser holding exactly these cookies. */
export async function whoIs(cookies: CookieJar) {
  const { getSessionUser } = await import("@/lib/auth/session");
  switchToBrowser(new Map(cookies));
  return getSessionUser();
}

/** A new browser signed in through next-auth's signIn() with one of the app's providers. */
export async function signedInBrowser(provider: "credentials" | "sign-in-link", credentials: Record<string, string>): Promise<CookieJar> {
  const { signIn } = await import("@/lib/auth/auth");
  const browser = switchToBrowser(new Map());
  await signIn(provider, { ...credentials, redirect: false });
  expect(browser.get(sessionCookie)).toEqual(expect.any(String));
  return browser;
}
