import { toast } from "@/components/ui/toast";

/**
 * A success toast for the page a navigation leads to. Leaving a signed-in page for the
 * prerendered home page changes the root layout, which Next.js does with a full page load,
 * where a toast raised before it would be lost; the session's storage carries it across.
 */
const storageKey = "toast-after-navigation";

interface StoredToast {
  title: string;
  description?: string;
}

export function successToastAfterNavigation(title: string, description?: string): void {
  try {
    window.sessionStorage.setItem(storageKey, JSON.stringify({ title, description } satisfies StoredToast));
  } catch {
    // Storage can be unavailable (private mode): the toast shows now and may not survive.
    toast.success(title, { description });
  }
}

/** Shows the toast the previous page left, once (Providers calls it when a page loads). */
export function showToastFromLastPage(): void {
  let stored: string | null = null;
  try {
    stored = window.sessionStorage.getItem(storageKey);
    window.sessionStorage.removeItem(storageKey);
  } catch {
    return;
  }
  if (!stored) return;
  const parsed: unknown = JSON.parse(stored);
  if (typeof parsed !== "object" || parsed === null || !("title" in parsed) || typeof parsed.title !== "string") return;
  const description = "description" in parsed && typeof parsed.description === "string" ? parsed.description : undefined;
  toast.success(parsed.title, { description });
}
