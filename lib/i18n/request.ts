import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { isLocale, localeCookieName, negotiateLocale, type Locale } from "./config";

/** The language of this request: the menu's cookie, else the browser's preference, else English. */
export async function resolveLocale(): Promise<Locale> {
  const fromCookie = (await cookies()).get(localeCookieName)?.value;
  return negotiateLocale(fromCookie, (await headers()).get("accept-language"));
}

/**
 * The server's time zone, next-intl's default, read once: next-intl reads it with a new
 * Intl.DateTimeFormat on every request that leaves it out (issue 16).
 */
const serverTimeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

export default getRequestConfig(async ({ requestLocale }) => {
  // The prerendered pages name their locale (setRequestLocale) and must not read the request;
  // every other page reads the visitor's cookie and headers.
  const requested = await requestLocale;
  const locale = isLocale(requested) ? requested : await resolveLocale();
  // Imported through next-intl's catalog loader (next.config.ts), which compiles the ICU syntax at
  // build time. Plain texts stay strings, so useMessages()/getMessages() may read those directly;
  // a message with arguments is compiled and must go through t().
  const messages = (await import(`../../messages/${locale}.json`)).default;
  return { locale, messages, timeZone: serverTimeZone };
});
