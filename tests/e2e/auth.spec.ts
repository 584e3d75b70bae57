import { randomUUID } from "node:crypto";
import { decode, encode } from "next-auth/jwt";
import { e2eAuthSecret } from "../../playwright.config";
import { expect, test } from "./fixtures";
import {
  copySessionCookie,
  expectCopiedSessionEnded,
  fillSignInForm,
  fillSignUpForm,
  newEmail,
  openUserMenu,
  signOutThroughMenu,
  signUpNewAccount,
  testPassword,
} from "./accounts";

/** Accounts on a server without SMTP or Google: new accounts are active at once (decision 13). */

test.describe("accounts", () => {
  test("sign up, welcome once, 5 credits, sign out, wrong password, sign in", async ({ page }) => {
    const email = newEmail("journey");
    await page.goto("/auth?mode=signup");
    await expect(page.getByTestId("auth-title")).toHaveText("Create your account");
    await expect(page.getByTestId("google-sign-in")).toHaveCount(0);
    await expect(page.getByTestId("auth-back-home")).toHaveAttribute("href", "/");
    await expect(page.getByTestId("sign-up-form").locator('input[name="email"]')).toHaveAttribute("type", "email");

    await fillSignUpForm(page, { email });
    await expect(page).toHaveURL(/\/dashboard$/);
    const welcome = page.getByTestId("welcome-dialog");
    await expect(welcome).toBeVisible();
    await expect(welcome).toContainText("Congratulations!");
    await expect(welcome).toContainText("5 free credits");
    await expect(welcome).toContainText("Your credits are ready to use anytime.");
    await page.getByTestId("welcome-start").click();
    await expect(welcome).toBeHidden();
    await expect(page.getByTestId("credits-count")).toHaveText("5");
    await expect(page.getByRole("heading", { name: "Recent Activity" })).toBeVisible();

    await page.reload();
    await expect(page.getByTestId("credits-count")).toHaveText("5");
    // The menu only opens once the page is hydrated, which is when the dialog would appear.
    await openUserMenu(page);
    await expect(page.getByTestId("user-menu-email")).toHaveText(email);
    await expect(welcome).toBeHidden();
    await expect(page.getByTestId("user-menu-plan")).toHaveText("Plan: No Plan");
    await page.getByTestId("sign-out").click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("You have been signed out successfully")).toBeVisible();
    await expect(page.getByTestId("hero-cta")).toHaveText(/Let's Get Started/);

    await page.goto("/auth");
    await fillSignInForm(page, email, "not my password");
    await expect(page.getByTestId("form-error")).toHaveText("Incorrect email or password.");
    await expect(page.getByText("Sign in failed")).toBeVisible();
    // The form keeps what was typed.
    await expect(page.getByTestId("sign-in-form").locator('input[name="email"]')).toHaveValue(email);

    await fillSignInForm(page, email.toUpperCase(), testPassword);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId("credits-count")).toHaveText("5");
    await openUserMenu(page);
    await expect(page.getByTestId("user-menu-email")).toHaveText(email);
    await expect(welcome).toBeHidden();
  });

  test("every invalid field gets its own message and the input stays", async ({ page }) => {
    await page.goto("/auth?mode=signup");
    await page.getByTestId("sign-up-submit").click();
    await expect(page.getByTestId("error-firstName")).toHaveText("Please enter your first name.");
    await expect(page.getByTestId("error-lastName")).toHaveText("Please enter your last name.");
    await expect(page.getByTestId("error-email")).toHaveText("Please enter your email address.");
    await expect(page.getByTestId("error-password")).toHaveText("Please enter your password.");

    await fillSignUpForm(page, { firstName: "<b>Bold</b>", email: "not-an-email", password: "short" });
    await expect(page.getByTestId("error-email")).toHaveText("Please enter a valid email address.");
    await expect(page.getByTestId("error-password")).toHaveText("Your password must be at least 8 characters long.");
    await expect(page.getByTestId("error-firstName")).toHaveCount(0);
    const form = page.getByTestId("sign-up-form");
    await expect(form.locator('input[name="firstName"]')).toHaveValue("<b>Bold</b>");
    await expect(form.locator('input[name="email"]')).toHaveValue("not-an-email");
    await expect(page).toHaveURL(/\/auth\?mode=signup$/);
  });

  test("an email can only be registered once", async ({ page }) => {
    const email = await signUpNewAccount(page);
    await signOutThroughMenu(page);
    await page.goto("/auth?mode=signup");
    await fillSignUpForm(page, { email });
    await expect(page.getByTestId("form-error")).toHaveText("An account with this email already exists. Sign in instead.");
    await expect(page.getByText("Sign up failed")).toBeVisible();
  });

  test("a protected page sends visitors to sign in and back afterwards", async ({ page }) => {
    const email = await signUpNewAccount(page);
    await signOutThroughMenu(page);

    await page.goto("/headshot-pro/step2?draft=1");
    await expect(page).toHaveURL(/\/auth\?callbackUrl=%2Fheadshot-pro%2Fstep2%3Fdraft%3D1$/);
    await page.goto("/headshot-pro");
    await expect(page).toHaveURL(/\/headshot-pro$/);

    await page.goto("/dashboard?from=protected");
    await expect(page).toHaveURL(/\/auth\?callbackUrl=%2Fdashboard%3Ffrom%3Dprotected$/);
    await fillSignInForm(page, email);
    await expect(page).toHaveURL(/\/dashboard\?from=protected$/);

    // Signed in, the landing page and the sign-in page lead to the dashboard.
    await page.goto("/");
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/auth");
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("a callbackUrl to another site is ignored", async ({ page }) => {
    const email = await signUpNewAccount(page);
    await signOutThroughMenu(page);
    await page.goto("/auth?callbackUrl=https%3A%2F%2Fevil.example%2Fsteal");
    await fillSignInForm(page, email);
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/dashboard$/);
  });

  test("a forged session cookie counts as signed out", async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "authjs.session-token", value: "forged.jwt.value", url: baseURL ?? "" }]);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/auth\?callbackUrl=%2Fdashboard$/);
    await expect(page.getByTestId("user-menu")).toHaveCount(0);
  });

  test("a validly signed session of an account that no longer exists is cleared", async ({ page, context, baseURL }) => {
    const value = await encode({
      token: { sub: randomUUID(), email: "gone@example.test" },
      secret: e2eAuthSecret,
      salt: "authjs.session-token",
    });
    await context.addCookies([{ name: "authjs.session-token", value, url: baseURL ?? "" }]);
    // The proxy trusts the cookie and leaves / for the dashboard; the page checks the database.
    await page.goto("/");
    await expect(page).toHaveURL(/\/auth\?callbackUrl=%2Fdashboard$/);
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === "authjs.session-token")).toBeUndefined();
  });

  test("an expired session cookie counts as signed out", async ({ page, context, baseURL }) => {
    const email = await signUpNewAccount(page);
    const session = (await context.cookies()).find((cookie) => cookie.name === "authjs.session-token");
    const claims = await decode({ token: session?.value, secret: e2eAuthSecret, salt: "authjs.session-token" });
    expect(claims?.sub).toEqual(expect.any(String));
    // Leave the app first: a request still in flight would set a fresh session cookie again.
    await page.goto("about:blank");
    await context.clearCookies();
    // The same account, but a cookie whose time is up.
    const expired = await encode({
      token: { sub: claims?.sub, email },
      secret: e2eAuthSecret,
      salt: "authjs.session-token",
      maxAge: -60,
    });
    await context.addCookies([{ name: "authjs.session-token", value: expired, url: baseURL ?? "" }]);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/auth\?callbackUrl=%2Fdashboard$/);
  });

  test("a session cookie copied before signing out stops working", async ({ page, browser, baseURL }) => {
    await signUpNewAccount(page);
    const copied = await copySessionCookie(page);
    await signOutThroughMenu(page);

    await expectCopiedSessionEnded(browser, copied, baseURL);
  });

  test("'Sign out everywhere' on the privacy page ends the sessions of every browser", async ({ page, browser, baseURL }) => {
    const email = await signUpNewAccount(page);
    const copied = await copySessionCookie(page);
    const phoneContext = await browser.newContext();
    const phone = await phoneContext.newPage();
    await phone.goto(`${baseURL}/auth`);
    await fillSignInForm(phone, email);
    await expect(phone).toHaveURL(/\/dashboard$/);

    await page.goto("/privacy");
    const section = page.getByTestId("privacy-sign-out-everywhere");
    await expect(section.getByRole("heading", { name: "Sign out everywhere" })).toBeVisible();
    await section.getByTestId("sign-out-everywhere-open").click();
    const dialog = page.getByRole("dialog", { name: "Sign out on every device?" });
    await expect(dialog).toBeVisible();
    await dialog.getByTestId("sign-out-everywhere-confirm").click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("Signed out everywhere")).toBeVisible();

    await phone.goto(`${baseURL}/dashboard`);
    await expect(phone).toHaveURL(/\/auth\?callbackUrl=%2Fdashboard$/);
    await phoneContext.close();
    await expectCopiedSessionEnded(browser, copied, baseURL);

    // Signing in again works as before.
    await page.goto("/auth");
    await fillSignInForm(page, email);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("forgot password answers the same for any email", async ({ page }) => {
    await page.goto("/auth");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(/\/auth\/forgot-password$/);
    await page.locator('input[name="email"]').fill("nobody-here@example.test");
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByTestId("form-success")).toContainText("If an account exists for nobody-here@example.test");
  });

  test("the mobile menu has the account items and signs out", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const email = await signUpNewAccount(page);
    await expect(page.getByTestId("credits-count")).toHaveText("5");
    await page.getByTestId("mobile-menu-button").click();
    const account = page.getByTestId("mobile-account");
    await expect(account).toContainText(email);
    await expect(account).toContainText("No Plan");
    await expect(account.getByRole("link", { name: "My Plan" })).toHaveAttribute("href", "/subscription");
    await page.getByTestId("mobile-sign-out").click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("Signed out", { exact: true })).toBeVisible();
  });

  test("the Arabic sign-in page reads right to left", async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "NEXT_LOCALE", value: "ar", url: baseURL ?? "" }]);
    await page.goto("/auth");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    await expect(page.getByTestId("auth-title")).toHaveText("مرحبًا بعودتك");
    await page.getByTestId("sign-in-submit").click();
    await expect(page.getByTestId("error-email")).toHaveText("يرجى إدخال بريدك الإلكتروني.");
    const form = await page.getByTestId("sign-in-form").boundingBox();
    const label = await page.getByText("البريد الإلكتروني", { exact: true }).boundingBox();
    // Labels start at the right edge of the form.
    expect(form && label && form.x + form.width - (label.x + label.width)).toBeLessThan(4);
  });
});
