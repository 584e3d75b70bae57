import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { fillSignUpForm, newEmail, signUpNewAccount } from "./accounts";
import { storeDraftPhoto } from "./draft-photos";
import { expect, test } from "./fixtures";
import { portraitPhoto } from "./flow-steps";

/**
 * Issue #11 accessibility: axe on every page of spec §2, signed out and signed in, in dark (the
 * default), light and Arabic: no serious or critical violation. Every dialog opens from the
 * keyboard, keeps focus inside, closes with Escape and hands focus back.
 */

type Variant = { name: string; theme: "dark" | "light"; locale: "en" | "ar" };
const variants: readonly Variant[] = [
  { name: "dark", theme: "dark", locale: "en" },
  { name: "light", theme: "light", locale: "en" },
  { name: "Arabic", theme: "dark", locale: "ar" },
];

const signedOutPages = ["/", "/headshot-pro", "/auth", "/auth?mode=signup", "/auth/forgot-password", "/this-page-does-not-exist"];
const signedInPages = [
  "/dashboard",
  "/subscription",
  "/subscription/manage",
  "/activity",
  "/privacy",
  "/ai-product/step1",
  "/hair-changer/step1",
  "/body-shaper/step1",
  "/headshot-pro/step1",
  "/headshot-pro/step2",
  "/headshot-pro/step3",
  "/headshot-pro/step4",
  "/headshot-pro/payment",
  "/headshot-pro/packs",
];

async function prepare(page: Page, variant: Variant): Promise<void> {
  await page.context().addCookies([{ name: "NEXT_LOCALE", value: variant.locale, url: "http://127.0.0.1" }]);
  await page.addInitScript((theme) => window.localStorage.setItem("theme", theme), variant.theme);
}

async function expectNoSeriousViolations(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBeLessThan(path.includes("does-not-exist") ? 500 : 400);
  await page.waitForLoadState("networkidle");
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(" ")).slice(0, 5).join(" | ")}`);
  expect(serious, `axe on ${path}`).toEqual([]);
}

/** The Headshot Pro draft of a finished wizard, so its later steps render instead of redirecting. */
async function storeHeadshotDraft(page: Page): Promise<void> {
  const { readFile } = await import("node:fs/promises");
  const photo = `data:image/jpeg;base64,${(await readFile(portraitPhoto)).toString("base64")}`;
  await page.evaluate(() => {
    window.localStorage.setItem(
      "headshotDraft",
      JSON.stringify({ gender: "female", ageRange: "26_35", selectedStyles: [{ id: 1 }, { id: 3 }], selectedPackage: null }),
    );
  });
  await storeDraftPhoto(page, "headshot_pro", photo);
}

for (const variant of variants) {
  test(`axe: every page, signed out and signed in, ${variant.name}`, async ({ page }) => {
    test.setTimeout(240_000);
    await prepare(page, variant);
    for (const path of signedOutPages) await expectNoSeriousViolations(page, path);

    await signUpNewAccount(page, newEmail(`axe-${variant.name}`));
    await storeHeadshotDraft(page);
    for (const path of signedInPages) await expectNoSeriousViolations(page, path);

    // A finished generation: its results page, its gallery and the dashboard with it.
    await page.goto("/headshot-pro/payment");
    await page.getByTestId("headshot-generate").click();
    await expect(page).toHaveURL(/\/headshot-pro\/(loading|results)\?id=/);
    await expectNoSeriousViolations(page, new URL(page.url()).pathname + new URL(page.url()).search);
    await expect(page).toHaveURL(/\/headshot-pro\/results\?id=/, { timeout: 30_000 });
    const id = new URL(page.url()).searchParams.get("id") ?? "";
    for (const path of [`/headshot-pro/results?id=${id}`, `/gallery/${id}`, "/dashboard", "/activity"]) {
      await expectNoSeriousViolations(page, path);
    }
  });
}

/** Tab and Shift+Tab never leave an open dialog; Escape closes it. */
async function expectFocusTrapped(page: Page, dialog: Locator): Promise<void> {
  const focusInside = () => dialog.evaluate((element) => element.contains(document.activeElement));
  await expect.poll(focusInside).toBe(true);
  for (let step = 0; step < 12; step += 1) {
    await page.keyboard.press(step % 3 === 2 ? "Shift+Tab" : "Tab");
    expect(await focusInside()).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
}

/** Opens a dialog from the keyboard, checks focus stays inside, closes it and gets focus back. */
async function expectKeyboardDialog(page: Page, trigger: Locator, dialog: Locator): Promise<void> {
  await trigger.focus();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await expectFocusTrapped(page, dialog);
  await expect(trigger).toBeFocused();
}

test("every dialog works from the keyboard: focus trapped inside and restored", async ({ page, context }) => {
  test.setTimeout(150_000);
  await page.goto("/auth?mode=signup");
  await fillSignUpForm(page, { email: newEmail("dialogs") });
  // The welcome dialog opens by itself after sign-up.
  await expectFocusTrapped(page, page.getByTestId("welcome-dialog"));

  // Add Credits, from the header's badge, for an active subscriber.
  await page.goto("/subscription");
  const [checkout] = await Promise.all([context.waitForEvent("page"), page.getByTestId("choose-plan-starter").click()]);
  await checkout.getByTestId("test-checkout-pay").click();
  await expect(checkout.getByTestId("payment-return-banner")).toHaveAttribute("data-state", "paid");
  await checkout.close();
  await page.reload();
  await expectKeyboardDialog(page, page.getByTestId("credits-badge"), page.getByTestId("add-credits-dialog"));

  await storeHeadshotDraft(page);
  await page.goto("/headshot-pro/payment");
  await page.getByTestId("headshot-generate").click();
  await expect(page).toHaveURL(/\/headshot-pro\/results\?id=/, { timeout: 30_000 });

  const tile = page.getByTestId("result-tile").first();
  await tile.hover();
  await expectKeyboardDialog(page, tile.getByTestId("result-open"), page.getByTestId("lightbox"));
  await expectKeyboardDialog(page, tile.getByTestId("result-edit"), page.getByTestId("edit-dialog"));
  await expectKeyboardDialog(page, tile.getByTestId("result-delete"), page.getByTestId("delete-image-dialog"));

  await page.goto("/privacy");
  await expectKeyboardDialog(page, page.getByTestId("delete-photos-open"), page.getByRole("dialog"));
  await expectKeyboardDialog(page, page.getByTestId("delete-account-open"), page.getByRole("dialog"));

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/dashboard");
  await expectKeyboardDialog(page, page.getByTestId("mobile-menu-button"), page.getByTestId("mobile-menu"));
});
