import { createServer, type Server } from "node:http";
import { afterEach, expect, it } from "vitest";
import { signInWithPassword } from "@/lib/auth/password-sign-in";
import { defaultRateLimitPolicy } from "@/lib/auth/rate-limit";
import { clientAddress, installClientAddressHeader } from "@/lib/security/client-address";
import { uniqueEmail } from "@/tests/helpers/auth";
import { describeEachDatabase } from "@/tests/helpers/test-db";

/**
 * The address the per-address limits count, decided by a real Node HTTP server with the hook the
 * app server installs at start, from requests whose X-Forwarded-For the client wrote itself.
 */

interface AddressServer {
  /** The address the server decided on for a request with these headers. */
  addressFor(headers: Record<string, string>): Promise<string | undefined>;
  close(): Promise<void>;
}

async function startAddressServer(trustedHops: number): Promise<AddressServer> {
  const uninstall = installClientAddressHeader(trustedHops);
  const server: Server = createServer((request, response) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) if (typeof value === "string") headers.set(name, value);
    response.end(JSON.stringify({ address: clientAddress(headers) ?? null }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    async addressFor(headers) {
      const response = await fetch(`http://127.0.0.1:${port}/`, { headers });
      const body: { address: string | null } = await response.json();
      return body.address ?? undefined;
    },
    async close() {
      uninstall();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const victim = "198.51.100.23";

describeEachDatabase("the client address of per-address limits", (ctx) => {
  let server: AddressServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  const policy = { ...defaultRateLimitPolicy, perIp: 10 };
  const failSignIn = (ip: string | undefined) =>
    signInWithPassword(
      { db: ctx.db, now: new Date(), rateLimit: policy, emailConfirmationRequired: false },
      { email: uniqueEmail("spray"), password: "wrong guess", ip },
    );

  it("is the connection's own address when no proxy is trusted, whatever the client claims", async () => {
    server = await startAddressServer(0);
    expect(await server.addressFor({})).toBe("127.0.0.1");
    expect(await server.addressFor({ "x-forwarded-for": victim })).toBe("127.0.0.1");
    expect(await server.addressFor({ "x-forwarded-for": `${victim}, 203.0.113.5`, "x-client-address": victim })).toBe("127.0.0.1");
  });

  it("limits failures sent with a new X-Forwarded-For each, and never blames the named victim", async () => {
    server = await startAddressServer(0);
    for (let attempt = 0; attempt < policy.perIp; attempt += 1) {
      const ip = await server.addressFor({ "x-forwarded-for": `203.0.113.${attempt + 1}` });
      expect(await failSignIn(ip)).toMatchObject({ reason: "invalid_credentials" });
    }
    const next = await server.addressFor({ "x-forwarded-for": "203.0.113.200" });
    expect(await failSignIn(next)).toMatchObject({ reason: "rate_limited" });
    // The address the client kept naming was never counted.
    expect(await failSignIn(victim)).toMatchObject({ reason: "invalid_credentials" });
  });

  it("behind one trusted proxy is the right-most X-Forwarded-For entry, the one that proxy added", async () => {
    server = await startAddressServer(1);
    // The proxy appends the address it saw; everything before it came from the client.
    expect(await server.addressFor({ "x-forwarded-for": "203.0.113.7" })).toBe("203.0.113.7");
    expect(await server.addressFor({ "x-forwarded-for": `${victim}, 203.0.113.7` })).toBe("203.0.113.7");
    expect(await server.addressFor({ "x-forwarded-for": `${victim},203.0.113.7`, "x-client-address": victim })).toBe("203.0.113.7");
    // A request that reached the app without passing the proxy counts as its connection.
    expect(await server.addressFor({})).toBe("127.0.0.1");

    // 'From' the victim's address (forged, left of the proxy's entry) the attacker only locks itself out.
    for (let attempt = 0; attempt < policy.perIp; attempt += 1) {
      const ip = await server.addressFor({ "x-forwarded-for": `${victim}, 203.0.113.66` });
      expect(await failSignIn(ip)).toMatchObject({ reason: "invalid_credentials" });
    }
    expect(await failSignIn(await server.addressFor({ "x-forwarded-for": `${victim}, 203.0.113.66` }))).toMatchObject({
      reason: "rate_limited",
    });
    expect(await failSignIn(await server.addressFor({ "x-forwarded-for": victim }))).toMatchObject({
      reason: "invalid_credentials",
    });
  });

  it("behind two trusted proxies is the entry the outer one added", async () => {
    server = await startAddressServer(2);
    expect(await server.addressFor({ "x-forwarded-for": `${victim}, 203.0.113.8, 10.0.0.2` })).toBe("203.0.113.8");
    expect(await server.addressFor({ "x-forwarded-for": "[2001:db8::1], 10.0.0.2" })).toBe("2001:db8::1");
  });
});
