/**
 * The visitor's theme choice. next-themes keeps it in localStorage; a copy in a cookie lets the
 * script that applies it before the first paint (components/layout/theme-prepaint.tsx) skip
 * localStorage, whose first read in a fresh browser profile waits 30–80 ms on opening the
 * origin's storage while the page below that script is not yet parsed (issue 16: /auth's LCP).
 */
export const themeCookieName = "theme";
export const themeChoices = ["light", "dark", "system"] as const;
export type ThemeChoice = (typeof themeChoices)[number];
export const defaultTheme: ThemeChoice = "dark";

const themeMaxAgeSeconds = 365 * 24 * 60 * 60;

export function isThemeChoice(value: string | undefined): value is ThemeChoice {
  return themeChoices.some((choice) => choice === value);
}

export function themeCookie(choice: ThemeChoice, secure: boolean): string {
  return `${themeCookieName}=${choice}; Path=/; Max-Age=${themeMaxAgeSeconds}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/**
 * Puts the cookie's theme (the default without one, the system's for "system") on <html> as a
 * class and as its color-scheme, as next-themes' own script does with `attribute="class"`.
 */
export const applyThemeScript = `(function(){var m=/(?:^|;\\s*)${themeCookieName}=(${themeChoices.join("|")})(?:;|$)/.exec(document.cookie),t=m?m[1]:"${defaultTheme}";if(t==="system")t=matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light";var h=document.documentElement;h.classList.add(t);h.style.colorScheme=t})()`;
