"use client";

import { useLocale } from "next-intl";
import { useHydrated } from "@/components/use-hydrated";

type DateStyle = Intl.DateTimeFormatOptions["dateStyle"];
type TimeStyle = Intl.DateTimeFormatOptions["timeStyle"];

/**
 * Building an Intl.DateTimeFormat costs far more than formatting with one (a /activity page of
 * 20 cards spent ~3 ms of server time building them), and only a handful of locale, style and
 * zone combinations exist, so each is built once per process.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(locale: string, dateStyle: DateStyle, timeStyle: TimeStyle, timeZone: string | undefined) {
  const key = `${locale}|${dateStyle}|${timeStyle}|${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle, timeStyle, timeZone });
    formats.set(key, format);
  }
  return format;
}

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
  dateStyle?: DateStyle;
  timeStyle?: TimeStyle;
  className?: string;
}) {
  const locale = useLocale();
  const inBrowser = useHydrated();
  const formatted = dateTimeFormat(locale, dateStyle, timeStyle, inBrowser ? undefined : "UTC").format(new Date(iso));
  return (
    <time dateTime={iso} className={className}>
      {formatted}
    </time>
  );
}
