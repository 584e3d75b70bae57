import { describe, expect, it } from "vitest";
import { applyThemeScript, themeCookie } from "@/lib/theme/theme-cookie";

/** Runs the pre-paint script against a document with `cookie` and a system preference; the <html> it leaves. */
function applyTheme(cookie: string, systemDark = false) {
  const classes = new Set<string>();
  const html = { classList: { add: (name: string) => classes.add(name) }, style: { colorScheme: "" } };
  const matchMedia = (query: string) => ({ matches: query === "(prefers-color-scheme: dark)" && systemDark });
  new Function("document", "matchMedia", applyThemeScript)({ cookie, documentElement: html }, matchMedia);
  return { classes: [...classes], colorScheme: html.style.colorScheme };
}

/** The name=value pair a browser keeps of a Set-Cookie string. */
const pairOf = (cookie: string) => cookie.split(";")[0] ?? "";

describe("the theme applied before the first paint", () => {
  it("is the one the cookie remembers", () => {
    expect(applyTheme(`a=1; ${pairOf(themeCookie("light", false))}; b=2`)).toEqual({ classes: ["light"], colorScheme: "light" });
    expect(applyTheme(pairOf(themeCookie("dark", true)))).toEqual({ classes: ["dark"], colorScheme: "dark" });
  });

  it("follows the system for 'system'", () => {
    expect(applyTheme("theme=system", true)).toEqual({ classes: ["dark"], colorScheme: "dark" });
    expect(applyTheme("theme=system", false)).toEqual({ classes: ["light"], colorScheme: "light" });
  });

  it("is dark without a cookie, with another value, or with another cookie ending in 'theme'", () => {
    expect(applyTheme("")).toEqual({ classes: ["dark"], colorScheme: "dark" });
    expect(applyTheme("theme=light%22%3E")).toEqual({ classes: ["dark"], colorScheme: "dark" });
    expect(applyTheme("oldtheme=light")).toEqual({ classes: ["dark"], colorScheme: "dark" });
  });

  it("writes a cookie for the whole site, Secure on HTTPS", () => {
    expect(themeCookie("system", true)).toMatch(/^theme=system; Path=\/; Max-Age=\d+; SameSite=Lax; Secure$/);
    expect(themeCookie("light", false)).not.toContain("Secure");
  });
});
