import sharp from "sharp";
import type { APIRequestContext, Page } from "@playwright/test";
import { hostedAppURL, hostedEngines, hostedFakesURL, retiredGeminiModel, type HostedEngine } from "../../playwright.config";
import { signUpNewAccount } from "./accounts";
import { expect, test } from "./fixtures";
import { completeHeadshotWizard, expectCredits, expectResultImageLoaded, expectToast, fullLengthPhoto, generateAndWaitForResults, uploadPhoto } from "./flow-steps";

/**
 * Issue 18: Headshot Pro and Hair Changer on each hosted engine, in the browser, against a server
 * whose engine is Replicate, fal or Gemini pointed at its stand-in (playwright.config.ts). Replicate
 * and fal answer by signed webhook at the server's own callback route; Gemini within the request.
 * The result on the page must be the stand-in's image (each is a flat colour of its palette).
 */

/** The stand-ins' palette (tests/fakes/hosted/fake-http.ts resultPng). */
const palette = ["#c0392b", "#2980b9", "#27ae60", "#8e44ad", "#d35400", "#16a085"].map((hex) => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)));

/** What the stand-in of `engine` was asked, as it recorded it. */
async function standInRequests(request: APIRequestContext, engine: HostedEngine): Promise<{ method: string; path: string; query?: string; body?: unknown }[]> {
  const response = await request.get(`${hostedFakesURL}/requests/${engine}`);
  expect(response.ok()).toBe(true);
  return response.json();
}

/**
 * The first result tile's image is the stand-in's, re-encoded by our intake: one of its flat
 * colours, or the user's photo in a frame of that colour (the stand-ins that were sent the photo
 * keep the person, as the likeness guard requires): its top edge has the colour.
 */
async function expectStandInImage(page: Page): Promise<void> {
  await expectResultImageLoaded(page);
  const source = await page.getByTestId("result-tile").first().locator("img").getAttribute("src");
  const response = await page.request.get(new URL(source ?? "", page.url()).toString());
  expect(response.ok()).toBe(true);
  const image = sharp(await response.body());
  const { width = 0, height = 0 } = await image.metadata();
  // stats() reads its input, not the pipeline's output: the strip is cut out first.
  const strip = await image.extract({ left: 0, top: 0, width, height: Math.max(1, Math.floor(height / 20)) }).toBuffer();
  const { channels } = await sharp(strip).stats();
  const mean = channels.slice(0, 3).map((channel) => channel.mean);
  expect(palette.some((colour) => colour.every((value, index) => Math.abs(value - (mean[index] ?? -100)) < 12))).toBe(true);
}

async function headshotFreeTrial(page: Page): Promise<void> {
  await completeHeadshotWizard(page);
  await expect(page.getByTestId("package-free_trial")).toHaveAttribute("aria-checked", "true");
  await page.getByTestId("headshot-generate").click();
  await expect(page).toHaveURL(/\/headshot-pro\/loading\?id=[0-9a-f-]{36}$/);
  await expect(page).toHaveURL(/\/headshot-pro\/results\?id=[0-9a-f-]{36}$/, { timeout: 60_000 });
  await expect(page.getByTestId("result-tile")).toHaveCount(1);
  await expectStandInImage(page);
}

async function hairChange(page: Page): Promise<void> {
  await page.goto("/hair-changer/step1");
  await uploadPhoto(page);
  await page.getByTestId("gender-male").click();
  await page.getByTestId("look-classicShort").click();
  await page.getByTestId("flow-continue").click();
  await expect(page.getByTestId("review-style")).toContainText("Classic Short");
  await generateAndWaitForResults(page, "hair-changer", /^Generate \(2 credits\)$/);
  await expectStandInImage(page);
}

/** The paths each engine's SDK must have used for the headshot and the hairstyle. */
const expectedCalls: Record<HostedEngine, { headshot: RegExp; hair: RegExp }> = {
  replicate: { headshot: /^\/v1\/predictions$/, hair: /^\/v1\/models\/black-forest-labs\/flux-kontext-pro\/predictions$/ },
  fal: { headshot: /^\/fal-ai\/flux-pulid$/, hair: /^\/fal-ai\/flux-pro\/kontext$/ },
  gemini: {
    headshot: /^\/v1beta\/models\/gemini-3\.1-flash-image:generateContent$/,
    hair: /^\/v1beta\/models\/gemini-3\.1-flash-image:generateContent$/,
  },
};

for (const engine of hostedEngines) {
  test.describe(`${engine} engine`, () => {
    test.use({ baseURL: hostedAppURL(engine) });

    test(`Headshot Pro and Hair Changer are made by ${engine}'s stand-in`, async ({ page, request }) => {
      test.setTimeout(150_000);
      const before = (await standInRequests(request, engine)).length;
      await signUpNewAccount(page);
      await expectCredits(page, 5);

      await test.step("a free-trial headshot", () => headshotFreeTrial(page));
      await expectCredits(page, 3);
      await test.step("a new hairstyle", () => hairChange(page));
      await expectCredits(page, 1);

      const posts = (await standInRequests(request, engine)).slice(before).filter((call) => call.method === "POST");
      expect(posts.filter((call) => expectedCalls[engine].headshot.test(call.path)).length).toBeGreaterThanOrEqual(1);
      expect(posts.filter((call) => expectedCalls[engine].hair.test(call.path)).length).toBeGreaterThanOrEqual(1);
      if (engine !== "gemini") {
        // Both predictions were reported by a signed webhook the app accepted.
        const deliveries: { status: number }[] = await (await request.get(`${hostedFakesURL}/deliveries/${engine}`)).json();
        expect(deliveries.slice(-2)).toEqual([expect.objectContaining({ status: 200 }), expect.objectContaining({ status: 200 })]);
      }
      if (engine === "replicate") {
        for (const call of posts) expect(call.body).toMatchObject({ webhook: expect.stringContaining(`${hostedAppURL(engine)}/api/engines/replicate/callback?generation=`) });
      }
      if (engine === "fal") {
        for (const call of posts) {
          expect(new URLSearchParams(call.query).get("fal_webhook")).toContain(`${hostedAppURL(engine)}/api/engines/fal/callback?generation=`);
        }
      }
    });
  });
}

test.describe("a retired model", () => {
  test.use({ baseURL: hostedAppURL("gemini") });

  // Issue 35: the Gemini server's Body Shaper is configured on a model Google shut down.
  test("Body Shaper says it is unavailable before anything is chosen, and refuses to start without taking credits", async ({ page, request }) => {
    const health = await request.get(`${hostedAppURL("gemini")}/api/health`);
    expect(health.status()).toBe(200);
    expect(await health.json()).toMatchObject({
      status: "degraded",
      models: expect.arrayContaining([expect.objectContaining({ model: retiredGeminiModel, tools: ["body_shaper"], state: "unavailable" })]),
    });
    await signUpNewAccount(page);
    await page.goto("/body-shaper/step1");
    await expect(page.getByTestId("model-unavailable-notice")).toContainText("This tool is temporarily unavailable");
    await page.goto("/hair-changer/step1");
    await expect(page.getByTestId("model-unavailable-notice")).toHaveCount(0);

    await page.goto("/body-shaper/step1");
    await uploadPhoto(page, fullLengthPhoto);
    await page.getByTestId("gender-male").click();
    await page.getByTestId("look-vTaper").click();
    await page.getByTestId("flow-continue").click();
    await expect(page.getByTestId("model-unavailable-notice")).toBeVisible();
    const before = (await standInRequests(request, "gemini")).length;
    await page.getByRole("button", { name: "Generate Body Shape" }).click();
    await expectToast(page, "Could not start", "This tool is temporarily unavailable, so nothing was charged.");
    await expect(page).toHaveURL(/\/body-shaper\/step2$/);
    await expectCredits(page, 5);
    const after = await standInRequests(request, "gemini");
    expect(after.slice(before).filter((call) => call.method === "POST")).toEqual([]);
  });
});
