import { useLocale, useMessages, useTimeZone, type Messages } from "next-intl";
import { translatorWithSharedFormatters } from "@/lib/i18n/shared-formatters";

/**
 * useTranslations(namespace) whose number and plural formatters outlive the request
 * (lib/i18n/shared-formatters.ts), for a component that formats counts on every render of a
 * per-request page. Messages are compiled at build time, so a translator is cheap to make.
 */
export function useTranslationsWithSharedFormatters<const N extends Parameters<typeof translatorWithSharedFormatters>[0]["namespace"]>(namespace: N) {
  const locale = useLocale();
  const messages: Messages = useMessages();
  const timeZone = useTimeZone();
  return translatorWithSharedFormatters({ locale, messages, namespace, timeZone });
}
