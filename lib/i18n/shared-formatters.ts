import { _createCache, _createIntlFormatters, createTranslator, type Messages, type NamespaceKeys, type NestedKeyOf } from "next-intl";
import { getLocale, getMessages, getTimeZone } from "next-intl/server";
import type { Locale } from "./config";

/**
 * Intl's number, plural and date formatters, made once per process: next-intl's own cache lives
 * for one request, so a plural message in every page's header built an Intl.PluralRules and an
 * Intl.NumberFormat on every request (about 0.4 ms, issue 16). A formatter keeps nothing but
 * its locale and options, which are its key in the cache.
 */
const processFormatters = _createIntlFormatters(_createCache());

type Namespace = NamespaceKeys<Messages, NestedKeyOf<Messages>>;

/** A translator of `messages` in `locale` whose formatters outlive the request. */
export function translatorWithSharedFormatters<const N extends Namespace>(config: {
  locale: Locale;
  messages: Messages;
  namespace: N;
  timeZone: string | undefined;
}) {
  return createTranslator({ ...config, _formatters: processFormatters });
}

/**
 * getTranslations(namespace) whose formatters outlive the request: for a message with a number,
 * plural or date that a server component formats on every page.
 */
export async function getTranslationsWithSharedFormatters<const N extends Namespace>(namespace: N) {
  const [locale, messages, timeZone] = await Promise.all([getLocale(), getMessages(), getTimeZone()]);
  return translatorWithSharedFormatters({ locale, messages, namespace, timeZone });
}
