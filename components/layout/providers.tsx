"use client";

import { ThemeProvider } from "next-themes";
import { Direction } from "radix-ui";
import { Toaster } from "@/components/ui/sonner";

/*
 * next-themes renders an inline script that applies the stored theme before the first paint.
 * React warns about <script> elements rendered on the client, so the client copy is made inert
 * (the server copy has already run); the documented Next.js pattern for inline scripts.
 */
const themeScriptProps = { type: typeof window === "undefined" ? "text/javascript" : "text/plain" };

export function Providers({ dir, children }: { dir: "ltr" | "rtl"; children: React.ReactNode }) {
  return (
    <ThemeProvider
      attribute="class"
      defaultTheme="dark"
      enableSystem
      themes={["light", "dark"]}
      disableTransitionOnChange
      scriptProps={themeScriptProps}
    >
      <Direction.Provider dir={dir}>
        {children}
        <Toaster position="top-center" dir={dir} closeButton />
      </Direction.Provider>
    </ThemeProvider>
  );
}
