"use client";

import { useLocale } from "next-intl";
import { useHydrated } from "@/components/use-hydrated";

/**
 * A date in the user's language and time zone (Intl.DateTimeFormat with the page's locale).
 * The server does not know the time zone, so it renders UTC and the browser re-renders with
 * the local zone right after hydration, without a hydration mismatch.
 */
export function LocalDateTime({
  iso,
  dateStyle = "long",
  timeStyle = "short",
  className,
}: {
  iso: string;
  dateStyle?: Intl.DateTimeFormatOptions["dateStyle"];
  timeStyle?: Intl.DateTimeFormatOptions["timeStyle"];
  className?: string;
}) {
  const locale = useLocale();
  const inBrowser = useHydrated();
  const formatted = new Intl.DateTimeFormat(locale, {
    dateStyle,
    timeStyle,
    timeZone: inBrowser ? undefined : "UTC",
  }).format(new Date(iso));
  return (
    <time dateTime={iso} className={className}>
      {formatted}
    </time>
  );
}
