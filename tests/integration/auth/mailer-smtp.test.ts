import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuthMailer, createSmtpTransport, type AuthMailTexts, type EmailTexts } from "@/lib/auth/mailer";
import { linkFrom, startFakeSmtpServer, type FakeSmtpServer } from "@/tests/fakes/smtp-server";

const texts = (heading: string): EmailTexts => ({
  subject: `${heading} ✉`,
  heading,
  intro: "Thanks for signing up <script>alert(1)</script>",
  button: "Open",
  expiry: "Expires soon.",
  ignore: "Ignore it otherwise.",
});

const allTexts = (overrides: Partial<AuthMailTexts>): AuthMailTexts => ({
  brand: "Studio",
  confirmation: texts("Confirm"),
  reset: texts("Reset"),
  signInLink: texts("Sign in"),
  accountExists: texts("You already have an account"),
  ...overrides,
});

describe("account emails over SMTP", () => {
  let smtp: FakeSmtpServer;
  beforeAll(async () => {
    smtp = await startFakeSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
  });

  it("delivers the confirmation mail with its link in the text and an escaped HTML body", async () => {
    const mailer = createAuthMailer({
      transport: createSmtpTransport(smtp.url),
      from: "Studio <no-reply@example.test>",
      texts: allTexts({ confirmation: texts("Bestätige deine E-Mail") }),
    });
    const link = "https://studio.example.test/auth/confirm-email?token=abc_DEF-123&x=1";
    await mailer.send("confirmation", { to: "Reader@Example.test", link });

    const mail = await smtp.waitForMail("reader@example.test");
    expect(mail.from).toBe("no-reply@example.test");
    expect(mail.subject).toBe("Bestätige deine E-Mail ✉");
    expect(linkFrom(mail, "https://studio.example.test/auth/confirm-email")).toBe(link);
    expect(mail.html).toContain('href="https://studio.example.test/auth/confirm-email?token=abc_DEF-123&amp;x=1"');
    expect(mail.html).toContain("&lt;script&gt;");
    expect(mail.html).not.toContain("<script>");
  });

  it("sends the reset mail with the reset texts", async () => {
    const mailer = createAuthMailer({
      transport: createSmtpTransport(smtp.url),
      from: "no-reply@example.test",
      texts: allTexts({ reset: texts("Reset your password") }),
    });
    await mailer.send("reset", { to: "reset@example.test", link: "https://studio.example.test/auth/reset-password?token=t" });
    const mail = await smtp.waitForMail("reset@example.test");
    expect(mail.subject).toBe("Reset your password ✉");
    expect(mail.text).toContain("https://studio.example.test/auth/reset-password?token=t");
  });
});
