import Stripe from "stripe";
import type { BrowserContext, Page } from "@playwright/test";
import { e2eWebhookSecret } from "../../playwright.config";
import { newEmail, openUserMenu, signUpNewAccount } from "./accounts";
import { expect, test } from "./fixtures";

/**
 * Buying through the built-in test checkout (decision 8) with accounts made through the real
 * sign-up form. Checkout opens in a new tab, as in the product.
 */

async function signUp(page: Page, locale: "en" | "de" = "en"): Promise<void> {
  await page.context().addCookies([{ name: "NEXT_LOCALE", value: locale, url: "http://127.0.0.1" }]);
  await signUpNewAccount(page, newEmail("buyer"));
}

/** Clicks a purchase button and pays in the checkout tab it opens; returns that tab. */
async function payInNewTab(context: BrowserContext, page: Page, click: () => Promise<void>): Promise<Page> {
  const [checkout] = await Promise.all([context.waitForEvent("page"), click()]);
  await expect(page.getByText("Please complete your payment in the new tab.")).toBeVisible();
  await expect(checkout).toHaveURL(/\/checkout\/test\/[0-9a-f-]{36}$/);
  await checkout.getByTestId("test-checkout-pay").click();
  await expect(checkout).toHaveURL(/\/subscription$/);
  return checkout;
}

async function subscribeToPro(context: BrowserContext, page: Page): Promise<Page> {
  await page.goto("/subscription");
  const checkout = await payInNewTab(context, page, () => page.getByTestId("choose-plan-pro").click());
  await expect(checkout.getByTestId("payment-return-banner")).toHaveAttribute("data-state", "paid");
  return checkout;
}

test.describe("billing", () => {
  test("subscribing to Pro monthly gives 150 monthly credits and the plan name in the header", async ({ page, context }) => {
    await signUp(page);
    await page.goto("/subscription");
    await expect(page.getByTestId("free-plan-card")).toContainText("5 credits remaining");
    await expect(page.getByTestId("free-plan-card")).toContainText("Limited");
    await expect(page.getByTestId("plan-card-pro")).toContainText("$49.99");
    await expect(page.getByTestId("plan-card-pro")).toContainText("$0.33 per credit");
    await expect(page.getByTestId("plan-card-pro")).toContainText("Most Popular");
    await expect(page.getByTestId("top-up-section")).toHaveCount(0);

    const checkout = await payInNewTab(context, page, () => page.getByTestId("choose-plan-pro").click());
    await expect(checkout.getByTestId("payment-return-banner")).toContainText("Payment confirmed!");
    await expect(checkout.getByTestId("credits-count")).toHaveText("155");
    await openUserMenu(checkout);
    await expect(checkout.getByTestId("user-menu-plan")).toContainText("Pro");
    await checkout.keyboard.press("Escape");
    await expect(checkout.getByTestId("choose-plan-pro")).toHaveText("Current Plan");
    await expect(checkout.getByTestId("choose-plan-pro")).toBeDisabled();
    await expect(checkout.getByTestId("current-plan-card")).toContainText("155 credits available");

    // The tab the purchase started from catches up when it is shown again.
    await page.reload();
    await expect(page.getByTestId("credits-count")).toHaveText("155");
  });

  test("an active subscriber tops up from the page and from the header's dialog", async ({ page, context }) => {
    await signUp(page);
    const checkout = await subscribeToPro(context, page);
    await checkout.close();
    await page.goto("/subscription");
    const topUps = page.getByTestId("top-up-section");
    await expect(topUps.getByTestId("top-up-1000")).toContainText("Best Value");
    const afterTopUp = await payInNewTab(context, page, () => topUps.getByTestId("buy-top-up-200").click());
    await expect(afterTopUp.getByTestId("payment-return-banner")).toContainText("Payment confirmed!");
    await expect(afterTopUp.getByTestId("credits-count")).toHaveText("355");
    await afterTopUp.close();

    await page.goto("/dashboard");
    await page.getByTestId("credits-badge").click();
    const dialog = page.getByTestId("add-credits-dialog");
    await expect(dialog).toContainText("Add Credits");
    await expect(dialog.getByTestId("top-up-30")).toContainText("$9.00");
    const afterDialog = await payInNewTab(context, page, () => dialog.getByTestId("buy-top-up-30").click());
    await expect(afterDialog.getByTestId("credits-count")).toHaveText("385");

    // Both top-ups are in the credit history, each with its receipt.
    const newest = afterDialog.getByTestId("credit-history-entry").first();
    await expect(newest).toContainText("Top-up of 30 credits");
    await expect(newest.getByTestId("credit-history-delta")).toHaveText("+30");
    await expect(afterDialog.getByTestId("credit-history-entry").nth(1)).toContainText("Top-up of 200 credits");
    await newest.getByTestId("credit-history-receipt").click();
    await expect(afterDialog).toHaveURL(/\/subscription\/receipts\/[0-9a-f-]{36}$/);
    const receipt = afterDialog.getByTestId("receipt");
    await expect(receipt.getByTestId("receipt-item")).toHaveText("30 credits");
    await expect(receipt.getByTestId("receipt-total")).toHaveText("$9.00");
    await expect(receipt.getByTestId("receipt-status")).toHaveText("Paid");
    await expect(receipt).toContainText("Test mode: no real money was taken for this payment.");

    // The plan's credits carry the plan's payment: the plan, the month it bought, the amount.
    await afterDialog.getByRole("link", { name: "Back to plans" }).click();
    const plan = afterDialog.locator('[data-testid="credit-history-entry"][data-event="planCredits"]');
    await expect(plan).toContainText("Credits of your plan");
    await plan.getByTestId("credit-history-receipt").click();
    await expect(afterDialog).toHaveURL(/\/subscription\/receipts\/[0-9a-f-]{36}$/);
    await expect(receipt.getByTestId("receipt-item")).toContainText("Pro plan");
    await expect(receipt.getByTestId("receipt-period")).toHaveText(/^\w{3} \d{1,2}(, \d{4})?\s–\s\w{3} \d{1,2}, \d{4}$/);
    await expect(receipt.getByTestId("receipt-total")).toHaveText("$49.99");
  });

  test("a visitor choosing a plan signs in first", async ({ page }) => {
    await page.goto("/subscription");
    await expect(page).toHaveURL(/\/auth\?callbackUrl=%2Fsubscription$/);
  });

  test("a non-subscriber is sent to the plans instead of top-ups", async ({ page }) => {
    await signUp(page);
    await page.getByTestId("credits-badge").click();
    await expect(page).toHaveURL(/\/subscription$/);
    await expect(page.getByTestId("add-credits-dialog")).toHaveCount(0);
    await expect(page.getByTestId("top-up-section")).toHaveCount(0);
    await openUserMenu(page);
    await expect(page.getByTestId("user-menu-plan")).toContainText("No Plan");
    await expect(page.getByTestId("user-menu-add-credits")).toHaveAttribute("href", "/subscription");
  });

  test("German shows EUR prices on /subscription, in the dialog and at checkout", async ({ page, context }) => {
    await signUp(page, "de");
    await page.goto("/subscription");
    await expect(page.getByTestId("plan-card-pro")).toContainText("42,49 €");
    await page.getByTestId("billing-cycle-yearly").click();
    await expect(page.getByTestId("plan-card-pro")).toContainText("33,99 €");
    await expect(page.getByText("20 % sparen")).toBeVisible();
    await page.getByTestId("billing-cycle-monthly").click();

    const [checkout] = await Promise.all([context.waitForEvent("page"), page.getByTestId("choose-plan-starter").click()]);
    await expect(checkout.getByTestId("test-checkout-total")).toHaveText("8,49 €");
    await checkout.getByTestId("test-checkout-pay").click();
    await expect(checkout.getByTestId("payment-return-banner")).toContainText("Zahlung bestätigt!");
    await expect(checkout.getByTestId("top-up-200")).toContainText("41,65 €");
    await expect(checkout.getByTestId("credits-count")).toHaveText("30");
    await checkout.getByTestId("credits-badge").click();
    const dialog = checkout.getByTestId("add-credits-dialog");
    await expect(dialog).toContainText("Credits hinzufügen");
    await expect(dialog.getByTestId("top-up-1000")).toContainText("169,15 €");
    await expect(dialog.getByTestId("top-up-1000")).toContainText("Bester Preis");
  });

  test("cancelling the test checkout charges nothing", async ({ page, context }) => {
    await signUp(page);
    await page.goto("/subscription");
    const [checkout] = await Promise.all([context.waitForEvent("page"), page.getByTestId("choose-plan-advanced").click()]);
    await checkout.getByTestId("test-checkout-cancel").click();
    await expect(checkout).toHaveURL(/\/subscription$/);
    await expect(checkout.getByTestId("checkout-cancelled")).toContainText("Payment cancelled");
    await expect(checkout.getByTestId("credits-count")).toHaveText("5");
    await expect(checkout.getByTestId("free-plan-card")).toBeVisible();
  });

  test("the Stripe webhook refuses a forged signature", async ({ request }) => {
    const payload = JSON.stringify({ id: "evt_forged", object: "event", type: "checkout.session.completed", data: { object: {} } });
    const forged = await request.post("/api/stripe/webhook", {
      data: payload,
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=deadbeef" },
    });
    expect(forged.status()).toBe(400);
    const ignored = JSON.stringify({ id: "evt_other", object: "event", type: "customer.created", data: { object: {} } });
    const signed = await request.post("/api/stripe/webhook", {
      data: ignored,
      headers: {
        "content-type": "application/json",
        "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload: ignored, secret: e2eWebhookSecret }),
      },
    });
    expect(signed.status()).toBe(200);
    expect(await signed.json()).toEqual({ received: true, ignored: true });
  });
});
