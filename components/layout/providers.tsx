"use client";

import { lazy, Suspense, useEffect } from "react";
import { ThemeProvider, useTheme } from "next-themes";
import { Direction } from "radix-ui";
import { defaultTheme, isThemeChoice, themeChoices, themeCookie } from "@/lib/theme/theme-cookie";
import { showToastFromLastPage } from "./toast-after-navigation";

/*
 * No page needs the toaster to paint, so its code loads after the page's own. A toast raised
 * before it arrives is not lost: sonner hands every active toast to a Toaster when it subscribes.
 */
const Toaster = lazy(() => import("@/components/ui/sonner").then((module) => ({ default: module.Toaster })));

/*
 * next-themes always renders an inline script that applies the theme stored in localStorage
 * before the first paint. It is kept inert: theme-prepaint.tsx does that job from a cookie,
 * because the first localStorage read of a visit delayed the first paint (issue 16).
 */
const inertThemeScriptProps = { type: "text/plain" };

/** Keeps the cookie copy of the theme choice (lib/theme/theme-cookie.ts) equal to next-themes' own. */
function ThemeCookie() {
  const { theme } = useTheme();
  useEffect(() => {
    if (isThemeChoice(theme)) document.cookie = themeCookie(theme, window.location.protocol === "https:");
  }, [theme]);
  return null;
}

/** `nonce`: this request's script nonce (proxy.ts); next-themes' inert script carries it too, like every script of a page. */
export function Providers({ dir, nonce, children }: { dir: "ltr" | "rtl"; nonce?: string; children: React.ReactNode }) {
  useEffect(showToastFromLastPage, []);
  return (
    <ThemeProvider
      attribute="class"
      defaultTheme={defaultTheme}
      enableSystem
      themes={themeChoices.filter((choice) => choice !== "system")}
      disableTransitionOnChange
      scriptProps={inertThemeScriptProps}
      nonce={nonce}
    >
      <ThemeCookie />
      <Direction.Provider dir={dir}>
        {children}
        <Suspense fallback={null}>
          <Toaster position="top-center" dir={dir} closeButton />
        </Suspense>
      </Direction.Provider>
    </ThemeProvider>
  );
}
