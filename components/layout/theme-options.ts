import { Monitor } from "@/components/icons/monitor";
import { Moon } from "@/components/icons/moon";
import { Sun } from "@/components/icons/sun";

/** The choices of the theme menu and of the mobile menu's theme section. */
export const themeOptions = [
  { value: "light", icon: Sun },
  { value: "dark", icon: Moon },
  { value: "system", icon: Monitor },
] as const;
