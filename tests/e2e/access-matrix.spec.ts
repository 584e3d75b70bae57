import type { APIRequestContext, APIResponse, BrowserContext } from "@playwright/test";
import { readZip } from "../helpers/read-zip";
import { pageMatrix, routeMatrix, type RouteProbe, type Victim } from "../integration/security/access-matrix";
import { pagesOnDisk, routesOnDisk } from "../integration/security/app-surface";
import { newEmail, signUpNewAccount } from "./accounts";
import { expect, test } from "./fixtures";
import { generateAndWaitForResults, uploadPhoto } from "./flow-steps";

/**
 * The page and route-handler half of the access matrix (tests/integration/security/access-matrix.ts)
 * over HTTP: a victim with a generation, its image, a pending order and a profile, then every
 * page and route handler asked for them by a visitor and by a second signed-in user. 0 successes,
 * 0 leaks: visitors are sent to sign in or refused, the stranger is refused or sees only their
 * own things, and no answer contains anything of the victim's.
 */
test.describe.configure({ mode: "serial" });

let victim: Victim;
let victimContext: BrowserContext;
let strangerContext: BrowserContext;

/** The victim's values an answer must not contain, unless the request itself named them. */
function leaks(body: string, requested: string): string[] {
  const values: [string, string][] = [
    ["email", victim.email],
    ["generation id", victim.generationId],
    ["image id", victim.imageId],
    ["purchase id", victim.purchaseId],
    ["prompt", victim.prompt],
  ];
  return values.filter(([, value]) => !requested.includes(value) && body.includes(value)).map(([name]) => name);
}

/** The text of an answer; for a zip, the names and contents of its files. */
async function readableBody(response: APIResponse): Promise<string> {
  const body = await response.body();
  if (response.headers()["content-type"] !== "application/zip") return body.toString("utf8");
  return readZip(body)
    .map((entry) => `${entry.name}\n${entry.data.toString("utf8")}`)
    .join("\n");
}

async function send(request: APIRequestContext, probe: RouteProbe): Promise<APIResponse> {
  return request.fetch(probe.path, { method: probe.method, headers: probe.headers, data: probe.body, maxRedirects: 0 });
}

function isSignInRedirect(response: APIResponse): boolean {
  const location = response.headers()["location"];
  return [302, 303, 307].includes(response.status()) && location !== undefined && new URL(location, "http://app.test").pathname === "/auth";
}

test("the victim has a generation, an image, a pending order and a profile; the stranger an account", async ({ browser }) => {
  test.setTimeout(120_000);
  victimContext = await browser.newContext();
  const page = await victimContext.newPage();
  const email = await signUpNewAccount(page, newEmail("victim"));
  const prompt = `victim-only prompt ${Date.now()}`;
  await page.goto("/ai-product/step1");
  await uploadPhoto(page);
  await page.getByTestId("flow-prompt").fill(prompt);
  await page.getByTestId("flow-continue").click();
  const generationId = await generateAndWaitForResults(page, "ai-product", /^Generate \(2 credits\)$/);
  const imageId = (await page.getByTestId("result-tile").first().getAttribute("data-image-id")) ?? "";

  await page.goto("/subscription");
  const [checkout] = await Promise.all([victimContext.waitForEvent("page"), page.getByTestId("choose-plan-pro").click()]);
  await expect(checkout).toHaveURL(/\/checkout\/test\/[0-9a-f-]{36}$/);
  const purchaseId = new URL(checkout.url()).pathname.split("/").pop() ?? "";
  await checkout.close();
  victim = { email, generationId, imageId, purchaseId, prompt };
  expect(imageId).toMatch(/^[0-9a-f-]{36}$/);

  // The probes can see a leak: the victim's own requests show these values.
  const own = await victimContext.request.get(`/gallery/${generationId}`);
  expect(own.status()).toBe(200);
  expect(leaks(await own.text(), "")).toEqual(expect.arrayContaining(["image id", "email"]));
  expect(leaks(await (await victimContext.request.get(`/api/generations/${generationId}`)).text(), "")).toContain("image id");

  strangerContext = await browser.newContext();
  await signUpNewAccount(await strangerContext.newPage(), newEmail("stranger"));
});

test("the matrix lists every page and route handler on disk", () => {
  expect(Object.keys(pageMatrix).sort()).toEqual(pagesOnDisk().sort());
  expect(Object.keys(routeMatrix).sort()).toEqual(routesOnDisk().map((route) => route.pattern).sort());
});

test("pages: visitors are sent to sign in, the stranger sees nothing of the victim's", async ({ request }) => {
  test.setTimeout(180_000);
  const problems: string[] = [];
  for (const [pattern, entry] of Object.entries(pageMatrix)) {
    for (const url of entry.probes(victim)) {
      const visitor = await request.get(url, { maxRedirects: 0 });
      if (entry.access === "user" && !isSignInRedirect(visitor)) problems.push(`${pattern}: visitor got ${visitor.status()} for ${url}`);
      for (const leak of leaks(await visitor.text(), url)) problems.push(`${pattern}: visitor saw the victim's ${leak} at ${url}`);

      const stranger = await strangerContext.request.get(url, { maxRedirects: 0 });
      if (stranger.status() >= 500) problems.push(`${pattern}: stranger got ${stranger.status()} for ${url}`);
      if (entry.access === "user" && entry.strangerStatus !== undefined && stranger.status() !== entry.strangerStatus) {
        problems.push(`${pattern}: stranger got ${stranger.status()} (not ${entry.strangerStatus}) for ${url}`);
      }
      for (const leak of leaks(await stranger.text(), url)) problems.push(`${pattern}: stranger saw the victim's ${leak} at ${url}`);
    }
  }
  expect(problems).toEqual([]);
});

test("route handlers: visitors and the stranger are refused the victim's things and learn nothing", async ({ request }) => {
  const problems: string[] = [];
  for (const [pattern, entry] of Object.entries(routeMatrix)) {
    const probes = entry.probes(victim);
    const unprobed = entry.methods.filter((method) => !probes.some((probe) => probe.method === method));
    if (unprobed.length > 0) problems.push(`${pattern}: no probe for ${unprobed.join(", ")}`);
    for (const probe of probes) {
      const label = `${pattern}: ${probe.method} ${probe.path}`;
      const visitor = await send(request, probe);
      if (entry.access === "user" && ![401, 403, 404].includes(visitor.status())) problems.push(`${label}: visitor got ${visitor.status()}`);
      if (entry.access === "own-check" && visitor.status() < 400) problems.push(`${label}: visitor got ${visitor.status()}`);
      for (const leak of leaks(await readableBody(visitor), probe.path)) problems.push(`${label}: visitor saw the victim's ${leak}`);

      const stranger = await send(strangerContext.request, probe);
      if (entry.stranger === "refused" && stranger.status() < 400) problems.push(`${label}: stranger got ${stranger.status()}`);
      if (entry.stranger === "own" && stranger.status() >= 500) problems.push(`${label}: stranger got ${stranger.status()}`);
      for (const leak of leaks(await readableBody(stranger), probe.path)) problems.push(`${label}: stranger saw the victim's ${leak}`);
    }
  }
  expect(problems).toEqual([]);

  // Nothing above changed the victim's order or images.
  expect((await victimContext.request.get(`/checkout/test/${victim.purchaseId}`)).status()).toBe(200);
  expect((await victimContext.request.get(`/api/images/${victim.imageId}`)).status()).toBe(200);
});

test.afterAll(async () => {
  await victimContext?.close();
  await strangerContext?.close();
});
