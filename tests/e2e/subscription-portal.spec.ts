import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext, Page } from "@playwright/test";
import { newEmail, signUpNewAccount } from "./accounts";
import { expect, test } from "./fixtures";

/**
 * Issue 15 story 8: a plan bought in the test checkout is changed, switched to yearly, cancelled
 * at the end of its term and resumed in the built-in portal of test mode, as a subscriber would.
 */

async function subscribeToPro(context: BrowserContext, page: Page): Promise<Page> {
  await page.goto("/subscription");
  const [checkout] = await Promise.all([context.waitForEvent("page"), page.getByTestId("choose-plan-pro").click()]);
  await checkout.getByTestId("test-checkout-pay").click();
  await expect(checkout.getByTestId("payment-return-banner")).toHaveAttribute("data-state", "paid");
  await expect(checkout.getByTestId("credits-count")).toHaveText("155");
  return checkout;
}

test.describe("the built-in subscription portal", () => {
  test("subscribe, change plan, switch to yearly, cancel and resume", async ({ page, context }) => {
    await signUpNewAccount(page, newEmail("portal"));
    const tab = await subscribeToPro(context, page);

    await tab.getByTestId("manage-subscription").click();
    await expect(tab).toHaveURL(/\/subscription\/manage$/);
    await expect(tab.getByRole("heading", { level: 1 })).toHaveText("Manage your subscription");
    await expect(tab.getByTestId("current-plan-card")).toContainText("Pro plan");
    const submit = tab.getByTestId("test-portal-change-submit");
    await expect(submit).toBeDisabled();

    // Down to Starter: nothing was spent yet, so the balance is Starter's 25 plus the 5 free credits.
    await tab.getByTestId("test-portal-plan-starter").click();
    await submit.click();
    await expect(tab.getByText("You are now on the Starter plan.")).toBeVisible();
    await expect(tab.getByTestId("current-plan-card")).toContainText("Starter plan");
    await expect(tab.getByTestId("credits-count")).toHaveText("30");

    // Up to Advanced, billed yearly: the difference in allowance is added at once.
    await tab.getByTestId("billing-cycle-yearly").click();
    await tab.getByTestId("test-portal-plan-advanced").click();
    await submit.click();
    await expect(tab.getByText("You are now on the Advanced plan.")).toBeVisible();
    await expect(tab.getByTestId("current-plan-card")).toContainText("Billed yearly");
    await expect(tab.getByTestId("credits-count")).toHaveText("305");

    // Cancel at the end of the term, after confirming; then change one's mind.
    await tab.getByTestId("test-portal-cancel").click();
    await expect(tab.getByTestId("test-portal-cancel-dialog")).toBeVisible();
    await tab.getByTestId("test-portal-cancel-confirm").click();
    await expect(tab.getByText(/^Your subscription will end on /)).toBeVisible();
    await expect(tab.getByTestId("current-plan-card")).toContainText("Ends on");
    await expect(tab.getByTestId("credits-count")).toHaveText("305");
    await tab.getByTestId("test-portal-resume").click();
    await expect(tab.getByText("Your subscription continues.")).toBeVisible();
    await expect(tab.getByTestId("test-portal-cancel")).toBeVisible();

    await tab.getByRole("link", { name: "Back to plans" }).click();
    await expect(tab).toHaveURL(/\/subscription$/);
    await tab.getByTestId("billing-cycle-yearly").click();
    await expect(tab.getByTestId("choose-plan-advanced")).toHaveText("Current Plan");

    // The credit history says each change, newest first, with the balance after it.
    const history = tab.getByTestId("credit-history-entry");
    await expect(history).toHaveCount(4);
    await expect(history.nth(0)).toContainText("Credits of your plan");
    await expect(history.nth(0).getByTestId("credit-history-delta")).toHaveText("+275");
    await expect(history.nth(0)).toContainText("Balance: 305");
    await expect(history.nth(1)).toContainText("Plan credits removed after a plan change or end");
    await expect(history.nth(1).getByTestId("credit-history-delta")).toHaveText("-125");
    await expect(history.nth(2)).toContainText("Credits of your plan");
    await expect(history.nth(3)).toContainText("Free credits for confirming your email");
  });

  test("the portal of a subscriber has no serious accessibility problem, in English and Arabic", async ({ page, context }) => {
    await signUpNewAccount(page, newEmail("portal"));
    const tab = await subscribeToPro(context, page);
    for (const locale of ["en", "ar"]) {
      await context.addCookies([{ name: "NEXT_LOCALE", value: locale, url: tab.url() }]);
      await tab.goto("/subscription/manage");
      await expect(tab.getByTestId("test-portal-change")).toBeVisible();
      const results = await new AxeBuilder({ page: tab }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
      const serious = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
      expect(serious.map((violation) => violation.id), locale).toEqual([]);
    }
  });

  test("a subscriber who picks another plan is sent to the portal, not to a second checkout", async ({ page, context }) => {
    await signUpNewAccount(page, newEmail("portal"));
    const tab = await subscribeToPro(context, page);
    await tab.goto("/subscription");
    const [portal] = await Promise.all([context.waitForEvent("page"), tab.getByTestId("choose-plan-advanced").click()]);
    await expect(portal).toHaveURL(/\/subscription\/manage$/);
    await expect(portal.getByTestId("current-plan-card")).toContainText("Pro plan");
  });
});
