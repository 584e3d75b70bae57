/**
 * "4.2 MB", "4,2 Mo", "٤٫٢ ميغابايت": a byte count in the reader's language, in binary units
 * like the 20MB limit itself.
 */
export function formatFileSize(bytes: number, locale: string): string {
  const kilobytes = bytes / 1024;
  const useMegabytes = kilobytes >= 1024;
  const value = useMegabytes ? kilobytes / 1024 : Math.max(kilobytes, 0.1);
  return new Intl.NumberFormat(locale, {
    style: "unit",
    unit: useMegabytes ? "megabyte" : "kilobyte",
    unitDisplay: "short",
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value);
}
