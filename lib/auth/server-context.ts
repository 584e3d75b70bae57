import "server-only";
import type { Transporter } from "nodemailer";
import { getTranslations } from "next-intl/server";
import { getDb } from "@/db";
import { env } from "@/lib/env";
import type { AuthContext, AuthEmailKind, MailingAuthContext } from "./context";
import { createAuthMailer, createSmtpTransport, type EmailTexts } from "./mailer";
import { defaultRateLimitPolicy } from "./rate-limit";

/** Builds the contexts of lib/auth's account functions from the environment of this server. */

export const emailConfirmationRequired = (): boolean => Boolean(env.SMTP_URL);

export function authContext(): AuthContext & { emailConfirmationRequired: boolean } {
  return {
    db: getDb(),
    now: new Date(),
    rateLimit: { ...defaultRateLimitPolicy, perIp: env.AUTH_MAX_ATTEMPTS_PER_IP },
    emailConfirmationRequired: emailConfirmationRequired(),
  };
}

let transport: Transporter | undefined;

function smtpTransport(): Transporter | undefined {
  transport ??= createSmtpTransport(env.SMTP_URL);
  return transport;
}

/** Adds a mailer that writes in the language of the current request. */
export async function mailingAuthContext(): Promise<MailingAuthContext> {
  const t = await getTranslations("authEmail");
  const texts = (kind: AuthEmailKind): EmailTexts => ({
    subject: t(`${kind}.subject`),
    heading: t(`${kind}.heading`),
    intro: t(`${kind}.intro`),
    button: t(`${kind}.button`),
    expiry: t(`${kind}.expiry`),
    ignore: t(`${kind}.ignore`),
  });
  const brand = (await getTranslations("common"))("brand");
  return {
    ...authContext(),
    appUrl: env.APP_URL,
    mailer: createAuthMailer({
      transport: smtpTransport(),
      from: env.EMAIL_FROM,
      texts: {
        brand,
        confirmation: texts("confirmation"),
        reset: texts("reset"),
        signInLink: texts("signInLink"),
        accountExists: texts("accountExists"),
      },
    }),
  };
}
