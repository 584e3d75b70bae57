import { z } from "zod";
import { serverActionId, serverActionRequest } from "../../bench/lib/server-action";
import { fillSignUpForm, newEmail } from "./accounts";
import { expect, test } from "./fixtures";
import { startOwnServer, type OwnServer } from "./support/own-server";

/**
 * What a client outside the browser can send to a real `next start`, in the two setups of
 * TRUSTED_PROXY_HOPS: reached directly (the default) and behind one reverse proxy. The servers
 * are this test's own (support/own-server.ts), with a per-address limit of 5 failures.
 */

const victim = "198.51.100.23";

/**
 * A password sign-in over HTTP through Auth.js's credentials endpoint (what the sign-in form's
 * action calls), with the given extra headers. Answers the refusal's code, or "signed-in".
 */
async function signInOverHttp(server: OwnServer, credentials: { email: string; password: string }, headers: Record<string, string>) {
  const csrf = await fetch(`${server.url}/api/auth/csrf`, { headers });
  const { csrfToken } = z.object({ csrfToken: z.string() }).parse(await csrf.json());
  const cookie = csrf.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  const response = await fetch(`${server.url}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Cookie: cookie },
    body: new URLSearchParams({ ...credentials, csrfToken, callbackUrl: `${server.url}/dashboard` }),
  });
  const location = new URL(response.headers.get("location") ?? "", server.url);
  return location.searchParams.get("code") ?? "signed-in";
}

const wrongGuess = () => ({ email: newEmail("guess"), password: "not the password" });

test.describe("reached directly (TRUSTED_PROXY_HOPS unset)", () => {
  let server: OwnServer;
  test.beforeAll(async () => {
    server = await startOwnServer({ AUTH_MAX_ATTEMPTS_PER_IP: "5", ALLOW_TEST_CHECKOUT: "true" });
  });
  test.afterAll(async () => {
    await server.stop();
  });

  test("limits failed sign-ins by the connection's address, whatever X-Forwarded-For claims", async () => {
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect(await signInOverHttp(server, wrongGuess(), { "X-Forwarded-For": `203.0.113.${attempt}` })).toBe("invalid_credentials");
    }
    expect(await signInOverHttp(server, wrongGuess(), { "X-Forwarded-For": "203.0.113.99" })).toBe("rate_limited");
    expect(await signInOverHttp(server, wrongGuess(), { "X-Forwarded-For": victim })).toBe("rate_limited");
  });

  test("a sign-up from the paused address creates the account and says why it is not signed in yet", async ({ page }) => {
    // Runs after the test above, whose failures paused sign-ins from this machine's address.
    await page.goto(`${server.url}/auth?mode=signup`);
    await fillSignUpForm(page, { email: newEmail("paused") });
    await expect(page.getByTestId("sign-up-form").getByRole("alert")).toContainText(/Too many attempts, try again in \d+ minutes?\./);
    await expect(page).toHaveURL(/\/auth\?mode=signup$/);
  });

  test("Auth.js builds its URLs from X-Forwarded-Host and X-Forwarded-Proto", async () => {
    const response = await fetch(`${server.url}/api/auth/providers`, {
      headers: { "X-Forwarded-Host": "app.example.com", "X-Forwarded-Proto": "https" },
    });
    const providers = z.record(z.string(), z.object({ signinUrl: z.string(), callbackUrl: z.string() })).parse(await response.json());
    expect(providers.credentials).toMatchObject({
      signinUrl: "https://app.example.com/api/auth/signin/credentials",
      callbackUrl: "https://app.example.com/api/auth/callback/credentials",
    });
  });
});

test.describe("behind one trusted proxy (TRUSTED_PROXY_HOPS=1)", () => {
  let server: OwnServer;
  test.beforeAll(async () => {
    server = await startOwnServer({ AUTH_MAX_ATTEMPTS_PER_IP: "5", TRUSTED_PROXY_HOPS: "1" });
  });
  test.afterAll(async () => {
    await server.stop();
  });

  test("limits by the address the proxy added, so a forged victim address locks out only the sender", async () => {
    // The proxy appends the sender's address (203.0.113.66) to what the sender wrote.
    const fromAttacker = { "X-Forwarded-For": `${victim}, 203.0.113.66` };
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect(await signInOverHttp(server, wrongGuess(), fromAttacker)).toBe("invalid_credentials");
    }
    expect(await signInOverHttp(server, wrongGuess(), fromAttacker)).toBe("rate_limited");
    expect(await signInOverHttp(server, wrongGuess(), { "X-Forwarded-For": victim })).toBe("invalid_credentials");
  });
});

test.describe("requests too large for the server", () => {
  let server: OwnServer;
  test.beforeAll(async () => {
    server = await startOwnServer({});
  });
  test.afterAll(async () => {
    await server.stop();
  });

  test("oversized generation requests get 'File Too Large', with no stack trace in the log", async ({ page }) => {
    await page.goto(`${server.url}/auth?mode=signup`);
    await fillSignUpForm(page, { email: newEmail("oversized") });
    await expect(page).toHaveURL(/\/dashboard$/);
    const cookie = (await page.context().cookies(server.url)).map(({ name, value }) => `${name}=${value}`).join("; ");
    const actionId = serverActionId("lib/actions/create-generation.ts", "createGenerationAction");
    const logBefore = server.log().length;

    // A 40 MB body, past what Next.js reads of an action.
    const huge = serverActionRequest(server.url, actionId, [], cookie);
    const refused = await fetch(`${server.url}/ai-product/step2`, { ...huge, body: "x".repeat(40 * 1024 * 1024) });
    expect(refused.status).toBe(413);
    expect(await refused.text()).toBe("File Too Large: file size (40 MB) exceeds 20MB limit. Please choose a smaller image.");

    // A 21 MB image as a data URL, which fits the request limit.
    const image = `data:image/jpeg;base64,${Buffer.alloc(21 * 1024 * 1024, 7).toString("base64")}`;
    const input = { tool: "ai_product", options: { prompt: "on snow", dimension: "auto" }, image };
    const answered = await fetch(`${server.url}/ai-product/step2`, serverActionRequest(server.url, actionId, [input], cookie));
    expect(answered.status).toBe(200);
    const flight = await answered.text();
    expect(flight).toContain('"error":"errors.fileTooLarge"');
    expect(flight).toContain('"size":"21 MB"');

    const log = server.log().slice(logBefore);
    expect(log).not.toContain("Unterminated string");
    expect(log).not.toMatch(/\n\s+at \S/);
  });
});
