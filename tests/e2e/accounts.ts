import { randomUUID } from "node:crypto";
import { expect, type Browser, type Cookie, type Page } from "@playwright/test";

/** Account steps shared by the browser journeys. */

export const testPassword = "correct horse battery";

export function newEmail(prefix = "e2e"): string {
  return `${prefix}-${randomUUID()}@example.test`;
}

export async function fillSignUpForm(
  page: Page,
  account: { firstName?: string; lastName?: string; email: string; password?: string },
): Promise<void> {
  const form = page.getByTestId("sign-up-form");
  await form.locator('input[name="firstName"]').fill(account.firstName ?? "Ada");
  await form.locator('input[name="lastName"]').fill(account.lastName ?? "Lovelace");
  await form.locator('input[name="email"]').fill(account.email);
  await form.locator('input[name="password"]').fill(account.password ?? testPassword);
  await page.getByTestId("sign-up-submit").click();
}

export async function fillSignInForm(page: Page, email: string, password = testPassword): Promise<void> {
  const form = page.getByTestId("sign-in-form");
  await form.locator('input[name="email"]').fill(email);
  await form.locator('input[name="password"]').fill(password);
  await page.getByTestId("sign-in-submit").click();
}

/** A new account (on a server without SMTP), signed in, on the dashboard with the welcome closed. */
export async function signUpNewAccount(page: Page, email = newEmail()): Promise<string> {
  await page.goto("/auth?mode=signup");
  await fillSignUpForm(page, { email });
  await expect(page).toHaveURL(/\/dashboard$/);
  const welcome = page.getByTestId("welcome-dialog");
  await welcome.waitFor({ timeout: 5_000 }).then(
    () => page.keyboard.press("Escape"),
    () => undefined,
  );
  await expect(welcome).toBeHidden();
  return email;
}

/**
 * Opens the account menu. A click that comes before the page has hydrated is lost, so it clicks
 * again until the menu shows (never on an open one, which would close it).
 */
export async function openUserMenu(page: Page): Promise<void> {
  const trigger = page.getByTestId("user-menu");
  await expect(async () => {
    if ((await trigger.getAttribute("aria-expanded")) !== "true") await trigger.click();
    await expect(page.getByTestId("user-menu-email")).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

export async function signOutThroughMenu(page: Page): Promise<void> {
  await openUserMenu(page);
  await page.getByTestId("sign-out").click();
  await expect(page).toHaveURL(/\/$/);
}

/** The session cookie of the page's browser, kept to replay after that session has ended. */
export async function copySessionCookie(page: Page): Promise<Cookie[]> {
  const copied = (await page.context().cookies()).filter((cookie) => cookie.name === "authjs.session-token");
  expect(copied).toHaveLength(1);
  return copied;
}

/** A fresh browser holding the copied cookie is sent to sign in: the session ended on the server. */
export async function expectCopiedSessionEnded(browser: Browser, copied: Cookie[], baseURL: string | undefined): Promise<void> {
  const replayContext = await browser.newContext();
  await replayContext.addCookies(copied);
  const replay = await replayContext.newPage();
  await replay.goto(`${baseURL}/dashboard`);
  await expect(replay).toHaveURL(/\/auth\?callbackUrl=%2Fdashboard$/);
  await expect(replay.getByTestId("user-menu")).toHaveCount(0);
  await replayContext.close();
}
