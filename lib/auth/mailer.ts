import "server-only";
import { createTransport, type Transporter } from "nodemailer";
import type { AuthEmailKind, AuthMailer } from "./context";

/**
 * Account emails: sent through SMTP when SMTP_URL is set, otherwise written to the server log so
 * a developer (or an operator without mail) can still follow the links.
 */

export interface EmailTexts {
  subject: string;
  heading: string;
  intro: string;
  button: string;
  /** Shown under the button, e.g. "This link expires in 24 hours." */
  expiry: string;
  /** Reassures a recipient who did not ask for the email. */
  ignore: string;
}

export type AuthMailTexts = { brand: string } & Record<AuthEmailKind, EmailTexts>;

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const htmlEscapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => htmlEscapes[char] ?? char);
}

export function renderEmail(texts: EmailTexts, link: string, brand: string): RenderedEmail {
  const text = [texts.heading, "", texts.intro, "", `${texts.button}: ${link}`, "", texts.expiry, texts.ignore, "", brand].join("\n");
  const e = escapeHtml;
  const html = `<!doctype html>
<html><body style="margin:0;padding:24px;background:#f5f4fa;font-family:Arial,Helvetica,sans-serif;color:#1c1a29">
<table role="presentation" width="100%" style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
<p style="margin:0 0 16px;font-weight:bold;color:#6d4aff">${e(brand)}</p>
<h1 style="margin:0 0 12px;font-size:22px">${e(texts.heading)}</h1>
<p style="margin:0 0 24px;line-height:1.5">${e(texts.intro)}</p>
<p style="margin:0 0 24px"><a href="${e(link)}" style="display:inline-block;background:#6d4aff;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold">${e(texts.button)}</a></p>
<p style="margin:0 0 8px;font-size:13px;color:#5f5b73">${e(texts.expiry)}</p>
<p style="margin:0 0 8px;font-size:13px;color:#5f5b73">${e(texts.ignore)}</p>
<p style="margin:16px 0 0;font-size:12px;color:#8a869c;word-break:break-all">${e(link)}</p>
</td></tr></table></body></html>`;
  return { subject: texts.subject, text, html };
}

/** An SMTP transport for `smtp://` / `smtps://` URLs; undefined means "log instead". */
export function createSmtpTransport(smtpUrl: string | undefined): Transporter | undefined {
  return smtpUrl ? createTransport(smtpUrl) : undefined;
}

export function createAuthMailer(options: {
  transport: Transporter | undefined;
  from: string;
  texts: AuthMailTexts;
}): AuthMailer {
  const { transport, from, texts } = options;
  return {
    async send(kind, { to, link }) {
      const email = renderEmail(texts[kind], link, texts.brand);
      if (!transport) {
        console.info(`[mail] SMTP_URL is not set, so this email was logged instead of sent.\nTo: ${to}\nSubject: ${email.subject}\n\n${email.text}`);
        return;
      }
      await transport.sendMail({ from, to, subject: email.subject, text: email.text, html: email.html });
    },
  };
}
