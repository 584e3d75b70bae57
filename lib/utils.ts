import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names. Conflicting Tailwind classes are not resolved here (tailwind-merge was about
 * 10 KB gzip in the first-load JS of nearly every page, issue 16), so the classes joined never
 * conflict: a component's own classes that a caller's `className` may replace are CSS component
 * classes in globals.css (`@layer components`), which utilities beat in the cascade, and
 * alternatives are written as such (`on ? "a" : "b"`). tests/unit/ui/class-conflicts.test.ts
 * checks every call.
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
