import { encode } from "next-auth/jwt";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { authSecret } from "@/lib/auth/secret";
import { readSessionCookie, usesSecureCookie } from "@/lib/auth/session-cookie";

/** The page's session reader decodes the cookie Auth.js wrote, with Auth.js's own rules. */
const request = vi.hoisted(() => ({ headers: new Headers() }));
vi.mock("next/headers", () => ({ headers: async () => request.headers }));

const plainName = "authjs.session-token";
const secureName = "__Secure-authjs.session-token";

async function sessionToken(name: string, token: Record<string, unknown>, options: { maxAge?: number; secret?: string } = {}) {
  return encode({ token, secret: options.secret ?? authSecret(), salt: name, maxAge: options.maxAge });
}

describe("usesSecureCookie", () => {
  it("follows AUTH_URL's protocol when it is set, whatever the request says", () => {
    expect(usesSecureCookie("https://studio.example", "http")).toBe(true);
    expect(usesSecureCookie("http://localhost:3000", "https")).toBe(false);
  });

  it("else follows X-Forwarded-Proto (its first entry), and assumes https without it", () => {
    expect(usesSecureCookie(undefined, "http")).toBe(false);
    expect(usesSecureCookie(undefined, "https")).toBe(true);
    expect(usesSecureCookie(undefined, "https, http")).toBe(true);
    expect(usesSecureCookie(undefined, null)).toBe(true);
  });
});

describe("readSessionCookie", () => {
  beforeEach(() => {
    request.headers = new Headers();
  });

  it("reads the user and the server-side session of a cookie Auth.js encrypted", async () => {
    const token = await sessionToken(plainName, { sub: "user-1", sid: "session-1", email: "a@example.test" });
    request.headers = new Headers({ cookie: `${plainName}=${token}`, "x-forwarded-proto": "http" });
    expect(await readSessionCookie()).toEqual({ userId: "user-1", sessionId: "session-1" });
  });

  it("takes the __Secure- cookie on https and only that one", async () => {
    const secure = await sessionToken(secureName, { sub: "user-1", sid: "session-1" });
    request.headers = new Headers({ cookie: `${secureName}=${secure}`, "x-forwarded-proto": "https" });
    expect(await readSessionCookie()).toEqual({ userId: "user-1", sessionId: "session-1" });

    const plain = await sessionToken(plainName, { sub: "user-1", sid: "session-1" });
    request.headers = new Headers({ cookie: `${plainName}=${plain}`, "x-forwarded-proto": "https" });
    expect(await readSessionCookie()).toBeNull();
  });

  it("reports a cookie from before server-side sessions without one", async () => {
    const token = await sessionToken(plainName, { sub: "user-1" });
    request.headers = new Headers({ cookie: `${plainName}=${token}`, "x-forwarded-proto": "http" });
    expect(await readSessionCookie()).toEqual({ userId: "user-1", sessionId: undefined });
  });

  it("refuses expired cookies, cookies of another secret and tampered ones", async () => {
    const expired = await sessionToken(plainName, { sub: "user-1", sid: "s" }, { maxAge: -60 });
    const foreign = await sessionToken(plainName, { sub: "user-1", sid: "s" }, { secret: "another secret of at least 32 characters" });
    const valid = await sessionToken(plainName, { sub: "user-1", sid: "s" });
    const tampered = `${valid.slice(0, -4)}${valid.endsWith("AAAA") ? "BBBB" : "AAAA"}`;
    for (const token of [expired, foreign, tampered]) {
      request.headers = new Headers({ cookie: `${plainName}=${token}`, "x-forwarded-proto": "http" });
      expect(await readSessionCookie()).toBeNull();
    }
  });

  it("takes no bearer token, no cookie of another name and no cookie at all as a session", async () => {
    const token = await sessionToken(plainName, { sub: "user-1", sid: "s" });
    request.headers = new Headers({ authorization: `Bearer ${token}`, "x-forwarded-proto": "http" });
    expect(await readSessionCookie()).toBeNull();
    request.headers = new Headers({ cookie: `other=${token}`, "x-forwarded-proto": "http" });
    expect(await readSessionCookie()).toBeNull();
  });
});
