import path from "node:path";
import { expect, type Page } from "@playwright/test";

/** Steps of the AI Product, Hair Changer and Body Shaper journeys shared by tests/e2e/flows.spec.ts. */

/** A real photo (public/examples is licensed for this; see its LICENSE.md). */
export const portraitPhoto = path.join(process.cwd(), "public/examples/astronaut-portrait.jpg");
/** A person from head to feet: what Body Shaper needs on an engine that checks photos (decision 25). */
export const fullLengthPhoto = path.join(process.cwd(), "public/examples/photographer-full-length.jpg");

/** `previewAlt` is the preview's alternative text in the page's language. */
export async function uploadPhoto(page: Page, file = portraitPhoto, previewAlt = "Your uploaded photo"): Promise<void> {
  await page.locator('input[type="file"]').setInputFiles(file);
  await expect(page.getByRole("img", { name: previewAlt })).toBeVisible();
  // The photo check's answer replaces "Checking your photo…" and moves what is below it: a click
  // meant for a button there must wait for it.
  await expect(page.getByTestId("photo-check-checking")).toHaveCount(0, { timeout: 60_000 });
}

export async function expectCredits(page: Page, credits: number): Promise<void> {
  await expect(page.getByTestId("credits-count")).toHaveText(String(credits));
}

/** A toast with this title and description (sonner renders them as two lines). */
export async function expectToast(page: Page, title: string, description: string): Promise<void> {
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: title }).filter({ hasText: description });
  await expect(toast.first()).toBeVisible();
}

/**
 * Closes every toast, so the next expectation cannot be met by an earlier one. One close at a
 * time with a short click timeout: a toast can leave on its own, and a click on a button that has
 * gone would otherwise wait for the whole test's timeout.
 */
export async function dismissToasts(page: Page): Promise<void> {
  const toasts = page.locator("[data-sonner-toast]");
  await expect(async () => {
    const close = page.locator("[data-sonner-toast] [data-close-button]").first();
    if ((await close.count()) > 0) await close.click({ timeout: 1_000 }).catch(() => undefined);
    await expect(toasts).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

/** Generate on step 2, then the loading page, then the results page with its image loaded. */
export async function generateAndWaitForResults(page: Page, slug: string, generateLabel: RegExp): Promise<string> {
  await page.getByRole("button", { name: generateLabel }).click();
  await expect(page).toHaveURL(new RegExp(`/${slug}/loading\\?id=[0-9a-f-]{36}$`));
  const id = new URL(page.url()).searchParams.get("id") ?? "";
  await expect(page).toHaveURL(new RegExp(`/${slug}/results\\?id=${id}$`), { timeout: 30_000 });
  await expectResultImageLoaded(page);
  return id;
}

export async function expectResultImageLoaded(page: Page): Promise<void> {
  const image = page.getByTestId("result-tile").first().locator("img");
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
}

export const elevenWords = "one two three four five six seven eight nine ten eleven";
export const tenWords = "one two three four five six seven eight nine ten";

/** Hair Changer's step 1 with a male short cut, then its review with the photo shown. */
export async function hairChangerToReview(page: Page): Promise<void> {
  await page.goto("/hair-changer/step1");
  await uploadPhoto(page);
  await page.getByTestId("gender-male").click();
  await page.getByTestId("look-classicShort").click();
  await page.getByTestId("flow-continue").click();
  await expect(page).toHaveURL(/\/hair-changer\/step2$/);
  await expect(page.getByTestId("flow-review").getByRole("img")).toBeVisible();
}

interface HeadshotAnswers {
  gender?: "female" | "male";
  ageRange?: string;
  /** The preview's alternative text in the page's language, as in uploadPhoto. */
  previewAlt?: string;
}

/** Headshot Pro's steps 1 to 4 (by default a woman aged 26–35, the default styles). */
export async function headshotToReview(page: Page, { gender = "female", ageRange = "26_35", previewAlt }: HeadshotAnswers = {}): Promise<void> {
  await page.goto("/headshot-pro/step1");
  await uploadPhoto(page, portraitPhoto, previewAlt);
  await page.getByTestId("headshot-continue").click();
  await expect(page).toHaveURL(/\/headshot-pro\/step2$/);
  await page.getByTestId(`gender-${gender}`).click();
  await page.getByTestId(`age-${ageRange}`).click();
  await page.getByTestId("headshot-continue").click();
  await expect(page).toHaveURL(/\/headshot-pro\/step3$/);
  await page.getByTestId("headshot-continue").click();
  await expect(page).toHaveURL(/\/headshot-pro\/step4$/);
}

/** Headshot Pro's steps 1 to 4 and on to the payment page. */
export async function completeHeadshotWizard(page: Page, answers: HeadshotAnswers = {}): Promise<void> {
  await headshotToReview(page, answers);
  await page.getByTestId("headshot-continue").click();
  await expect(page).toHaveURL(/\/headshot-pro\/payment$/);
}
