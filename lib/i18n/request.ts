import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { defaultLocale, isLocale, localeCookieName, localeFromAcceptLanguage, type Locale } from "./config";

/** The language of this request: the menu's cookie, else the browser's preference, else English. */
export async function resolveLocale(): Promise<Locale> {
  const fromCookie = (await cookies()).get(localeCookieName)?.value;
  if (isLocale(fromCookie)) return fromCookie;
  return localeFromAcceptLanguage((await headers()).get("accept-language")) ?? defaultLocale;
}

export default getRequestConfig(async () => {
  const locale = await resolveLocale();
  // Imported through next-intl's catalog loader (next.config.ts), which compiles the ICU syntax at
  // build time. Plain texts stay strings, so useMessages()/getMessages() may read those directly;
  // a message with arguments is compiled and must go through t().
  const messages = (await import(`../../messages/${locale}.json`)).default;
  return { locale, messages };
});
