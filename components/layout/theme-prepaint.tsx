import { applyThemeScript } from "@/lib/theme/theme-cookie";

/**
 * Applies the visitor's theme before the first paint, from the cookie copy of the choice
 * (lib/theme/theme-cookie.ts); next-themes takes over once the page is interactive.
 */
export function ThemePrepaint({ nonce }: { nonce: string | undefined }) {
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: applyThemeScript }} />;
}
