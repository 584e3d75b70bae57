/**
 * Checks that messages/{locale}.json are complete and consistent (`npm run i18n:check`):
 * - every key of any locale exists in every other locale, and no value is empty;
 * - the ICU arguments and rich-text tags of a message are the same in every locale;
 * - a non-English message differs from English unless its key is on the allowlist below
 *   (brand and tool names, numbers, language names...), which catches untranslated copies.
 * Exits with 1 and lists the problems, or prints a one-line summary.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { defaultLocale, locales, type Locale } from "../lib/i18n/config";

/**
 * Keys whose value may equal the English one. `*` matches one key segment; a `locale:` prefix
 * limits the entry to that locale (a word that happens to be the same in that language).
 */
const sameAsEnglishAllowlist = [
  "metadata.siteName",
  "common.brand",
  "language.names.*",
  "tools.*.name",
  "categories.*",
  "footer.headshotPro",
  "headshotLanding.badge",
  "notFound.code",
  "de:theme.system",
  "fr:header.menuTitle",
  "userMenu.plans.pro",
  "de:userMenu.plans.starter",
  "es:userMenu.plan",
  "es:checkout.errorTitle",
  "de:checkout.test.credits",
  "de:subscription.receipt.credits",
  "de:subscription.receipt.status",
  "fr:subscription.receipt.date",
  "fr:subscription.history.pagination.page",
  // The same words in French ("image", "page") and German/French ("Remix").
  "fr:activity.images",
  "fr:activity.pagination.page",
  "fr:gallery.imageCount",
  "de:results.remixBadge",
  "fr:results.remixBadge",
  // Age ranges are numbers; "LinkedIn / Business Casual", "Popular", "Photo" and "Styles" are shared words.
  "de:catalog.ageRanges.*",
  "de:catalog.headshotStyles.linkedinBusinessCasual",
  "es:flows.headshotPro.packs.popular",
  "fr:flows.headshotPro.review.photo",
  "fr:flows.headshotPro.review.styles",
  "fr:flows.headshotPro.stylesHeading",
];

type Problem = string;
type FlatMessages = Map<string, string>;

function flatten(value: unknown, prefix: string, out: FlatMessages, problems: Problem[], locale: Locale) {
  if (typeof value === "string") {
    out.set(prefix, value);
    return;
  }
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      flatten(child, prefix ? `${prefix}.${key}` : key, out, problems, locale);
    }
    return;
  }
  problems.push(`${locale}: ${prefix || "(root)"} must be a string or an object, found ${JSON.stringify(value)}`);
}

function loadLocale(locale: Locale, problems: Problem[]): FlatMessages {
  const file = path.join(process.cwd(), "messages", `${locale}.json`);
  const flat: FlatMessages = new Map();
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    problems.push(`${locale}: cannot read ${path.relative(process.cwd(), file)} (${String(error)})`);
    return flat;
  }
  flatten(parsed, "", flat, problems, locale);
  return flat;
}

/**
 * The arguments (`name` or `name:type`) and rich-text tags (`<tag>`) of an ICU message.
 * A small scanner instead of a full parser: it follows nested plural/select branches and skips
 * ICU-quoted text ('{...}').
 */
function icuSignature(message: string): string[] {
  const found = new Set<string>();
  let i = 0;

  function readMessage(untilBrace: boolean) {
    while (i < message.length) {
      const char = message[i];
      if (char === "'" && (message[i + 1] === "{" || message[i + 1] === "}")) {
        const end = message.indexOf("'", i + 1);
        i = end === -1 ? message.length : end + 1;
      } else if (char === "{") {
        i += 1;
        readArgument();
      } else if (char === "}" && untilBrace) {
        i += 1;
        return;
      } else if (char === "<") {
        const tag = /^<\/?([A-Za-z][\w-]*)\s*\/?>/.exec(message.slice(i));
        if (tag?.[1]) found.add(`<${tag[1]}>`);
        i += tag ? tag[0].length : 1;
      } else {
        i += 1;
      }
    }
  }

  function readArgument() {
    const header = /^\s*([^\s,{}]+)\s*(?:,\s*(\w+)\s*)?/.exec(message.slice(i));
    const name = header?.[1] ?? "";
    const type = header?.[2];
    i += header ? header[0].length : 0;
    found.add(type ? `${name}:${type}` : name);
    if (type === "plural" || type === "select" || type === "selectordinal") {
      // Branches: `selector {message}` pairs until the closing brace of the argument.
      if (message[i] === ",") i += 1;
      while (i < message.length && message[i] !== "}") {
        if (message[i] === "{") {
          i += 1;
          readMessage(true);
        } else {
          i += 1;
        }
      }
      i += 1;
      return;
    }
    // Simple or formatted argument (e.g. `{count, number}`): skip to its closing brace.
    let depth = 1;
    while (i < message.length && depth > 0) {
      if (message[i] === "{") depth += 1;
      if (message[i] === "}") depth -= 1;
      i += 1;
    }
  }

  readMessage(false);
  return [...found].sort();
}

function isAllowedSameAsEnglish(locale: Locale, key: string): boolean {
  return sameAsEnglishAllowlist.some((entry) => {
    const [scope, pattern] = entry.includes(":") ? entry.split(":", 2) : [undefined, entry];
    if (scope !== undefined && scope !== locale) return false;
    const patternParts = (pattern ?? "").split(".");
    const keyParts = key.split(".");
    return patternParts.length === keyParts.length && patternParts.every((part, n) => part === "*" || part === keyParts[n]);
  });
}

function check(): { problems: Problem[]; keyCount: number } {
  const problems: Problem[] = [];
  const catalogues = new Map(locales.map((locale) => [locale, loadLocale(locale, problems)] as const));
  const english = catalogues.get(defaultLocale) ?? new Map<string, string>();
  const allKeys = new Set<string>();
  for (const catalogue of catalogues.values()) for (const key of catalogue.keys()) allKeys.add(key);

  for (const key of [...allKeys].sort()) {
    const reference = english.get(key);
    const referenceSignature = reference === undefined ? undefined : icuSignature(reference).join(", ");
    for (const locale of locales) {
      const value = catalogues.get(locale)?.get(key);
      if (value === undefined) {
        problems.push(`${locale}: missing key ${key}`);
        continue;
      }
      if (value.trim() === "") {
        problems.push(`${locale}: empty value for ${key}`);
        continue;
      }
      if (locale === defaultLocale || reference === undefined) continue;
      const signature = icuSignature(value).join(", ");
      if (signature !== referenceSignature) {
        problems.push(`${locale}: ${key} has placeholders [${signature}] but English has [${referenceSignature}]`);
      }
      if (value === reference && !isAllowedSameAsEnglish(locale, key)) {
        problems.push(`${locale}: ${key} is identical to English ("${value}"); translate it or allowlist it`);
      }
    }
  }
  return { problems, keyCount: allKeys.size };
}

const { problems, keyCount } = check();
if (problems.length > 0) {
  console.error(`i18n check failed with ${problems.length} problem(s):`);
  for (const problem of problems) console.error(`  - ${problem}`);
  process.exit(1);
}
console.log(`i18n check passed: ${keyCount} keys in ${locales.length} locales (${locales.join(", ")}).`);
