import type { BrowserContext, Page } from "@playwright/test";
import { newEmail, openUserMenu, signUpNewAccount } from "./accounts";
import { expect, test } from "./fixtures";
import { completeHeadshotWizard, dismissToasts } from "./flow-steps";

/**
 * Issue 15 in the browser, with the built-in test checkout: a cancelled cash-pack checkout
 * leaves both tabs in a clear state and can be paid again; a payment made in one tab shows in
 * another open tab without a reload; a Starter subscriber is offered the upgrade instead of edits.
 */

/** Clicks what opens a checkout and answers the new tab it opens. */
async function openCheckout(context: BrowserContext, click: () => Promise<void>): Promise<Page> {
  const [checkout] = await Promise.all([context.waitForEvent("page"), click()]);
  await expect(checkout).toHaveURL(/\/checkout\/test\/[0-9a-f-]{36}(\?.*)?$/);
  return checkout;
}

test.describe("orders", () => {
  test("a cancelled cash-pack checkout: both tabs say so, and the order can be paid again", async ({ page, context }) => {
    test.setTimeout(120_000);
    await signUpNewAccount(page, newEmail("cancel-pack"));
    await completeHeadshotWizard(page, { gender: "male", ageRange: "36_45" });
    await page.getByTestId("one-time-packs").click();
    await expect(page).toHaveURL(/\/headshot-pro\/packs$/);

    const checkout = await openCheckout(context, () => page.getByTestId("headshot-continue").click());
    await expect(page).toHaveURL(/\/headshot-pro\/loading\?id=[0-9a-f-]{36}$/);
    await expect(page.getByTestId("flow-loading-message")).toHaveText("Waiting for your payment to be confirmed…");

    await checkout.getByTestId("test-checkout-cancel").click();
    // The checkout's tab lands where the purchase started, told what happened...
    await expect(checkout).toHaveURL(/\/headshot-pro\/packs$/);
    await expect(checkout.getByTestId("checkout-cancelled")).toContainText("Payment cancelled");
    await expect(checkout.getByTestId("checkout-cancelled")).toContainText("Nothing was charged.");
    // ...and the tab that waited for the payment stops waiting.
    const cancelled = page.getByTestId("headshot-payment-cancelled");
    await expect(cancelled).toContainText("Your payment was cancelled");
    await expect(cancelled.getByTestId("headshot-back-to-packs")).toHaveAttribute("href", "/headshot-pro/packs");
    await checkout.close();

    const again = await openCheckout(context, () => cancelled.getByTestId("headshot-pay-again").click());
    await expect(again.getByTestId("test-checkout-total")).toHaveText("$14.99");
    await expect(page.getByTestId("flow-loading-message")).toHaveText("Waiting for your payment to be confirmed…");
    await again.getByTestId("test-checkout-pay").click();
    await expect(again).toHaveURL(/\/activity\?focus=latest$/);
    await again.close();
    await expect(page).toHaveURL(/\/headshot-pro\/results\?id=[0-9a-f-]{36}$/, { timeout: 60_000 });
    await expect(page.getByTestId("result-tile")).toHaveCount(25);
  });

  test("the Cancel of a plan's checkout comes back with a clear message", async ({ page, context }) => {
    await signUpNewAccount(page, newEmail("cancel-plan"));
    await page.goto("/subscription");
    const checkout = await openCheckout(context, () => page.getByTestId("choose-plan-starter").click());
    await checkout.getByTestId("test-checkout-cancel").click();
    await expect(checkout).toHaveURL(/\/subscription$/);
    await expect(checkout.getByTestId("checkout-cancelled")).toContainText("Payment cancelled");
    await expect(checkout.getByTestId("free-plan-card")).toBeVisible();
    await checkout.reload();
    await expect(checkout.getByTestId("checkout-cancelled")).toHaveCount(0);
  });

  test("a second open tab shows a payment made in another tab, without a reload", async ({ page, context }) => {
    await signUpNewAccount(page, newEmail("two-tabs"));
    await page.goto("/subscription");
    await expect(page.getByTestId("free-plan-card")).toBeVisible();
    const second = await context.newPage();
    await second.goto("/dashboard");
    await expect(second.getByTestId("credits-count")).toHaveText("5");
    let secondLoads = 0;
    second.on("load", () => (secondLoads += 1));

    const checkout = await openCheckout(context, () => page.getByTestId("choose-plan-pro").click());
    await checkout.getByTestId("test-checkout-pay").click();
    // Three tabs of one production server on a shared machine: allow for slow hydration.
    await expect(checkout.getByTestId("payment-return-banner")).toHaveAttribute("data-state", "paid", { timeout: 20_000 });

    // Neither tab is reloaded: the plan, the balance and the buttons follow within seconds.
    await expect(page.getByTestId("current-plan-card")).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId("credits-count")).toHaveText("155");
    await expect(page.getByTestId("choose-plan-pro")).toHaveText("Current Plan");
    await expect(second.getByTestId("credits-count")).toHaveText("155", { timeout: 15_000 });
    await openUserMenu(second);
    await expect(second.getByTestId("user-menu-plan")).toContainText("Pro");
    expect(secondLoads).toBe(0);
  });

  test("a Starter subscriber is offered the upgrade in the edit dialog", async ({ page, context }) => {
    test.setTimeout(90_000);
    await signUpNewAccount(page, newEmail("starter"));
    await page.goto("/subscription");
    const checkout = await openCheckout(context, () => page.getByTestId("choose-plan-starter").click());
    await checkout.getByTestId("test-checkout-pay").click();
    await expect(checkout.getByTestId("payment-return-banner")).toHaveAttribute("data-state", "paid");
    await checkout.close();

    await completeHeadshotWizard(page, { gender: "male", ageRange: "36_45" });
    await page.getByTestId("package-free_trial").click();
    await page.getByTestId("headshot-generate").click();
    await expect(page).toHaveURL(/\/headshot-pro\/results\?id=[0-9a-f-]{36}$/, { timeout: 30_000 });
    await dismissToasts(page);

    await page.getByTestId("result-tile").first().getByTestId("result-edit").click();
    const dialog = page.getByTestId("edit-dialog");
    await expect(dialog).toContainText("Upgrade to edit and remix");
    await expect(dialog.getByTestId("edit-upgrade")).toContainText("Remix and edit are not included in the Starter plan.");
    await expect(dialog.getByTestId("edit-prompt")).toHaveCount(0);
    await dialog.getByTestId("edit-upgrade-link").click();
    await expect(page).toHaveURL(/\/subscription$/);
  });
});
