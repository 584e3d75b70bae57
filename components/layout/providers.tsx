"use client";

import { lazy, Suspense, useEffect } from "react";
import { ThemeProvider } from "next-themes";
import { Direction } from "radix-ui";
import { showToastFromLastPage } from "./toast-after-navigation";

/*
 * No page needs the toaster to paint, so its code loads after the page's own. A toast raised
 * before it arrives is not lost: sonner hands every active toast to a Toaster when it subscribes.
 */
const Toaster = lazy(() => import("@/components/ui/sonner").then((module) => ({ default: module.Toaster })));

/*
 * next-themes renders an inline script that applies the stored theme before the first paint.
 * React warns about <script> elements rendered on the client, so the client copy is made inert
 * (the server copy has already run); the documented Next.js pattern for inline scripts.
 */
const themeScriptProps = { type: typeof window === "undefined" ? "text/javascript" : "text/plain" };

/** `nonce`: this request's script nonce (proxy.ts), so the Content-Security-Policy lets the theme script run. */
export function Providers({ dir, nonce, children }: { dir: "ltr" | "rtl"; nonce?: string; children: React.ReactNode }) {
  useEffect(showToastFromLastPage, []);
  return (
    <ThemeProvider
      attribute="class"
      defaultTheme="dark"
      enableSystem
      themes={["light", "dark"]}
      disableTransitionOnChange
      scriptProps={themeScriptProps}
      nonce={nonce}
    >
      <Direction.Provider dir={dir}>
        {children}
        <Suspense fallback={null}>
          <Toaster position="top-center" dir={dir} closeButton />
        </Suspense>
      </Direction.Provider>
    </ThemeProvider>
  );
}
