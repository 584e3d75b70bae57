import type { ReactNode } from "react";
import type { LucideIcon } from "@/components/icons/render-icon";

/**
 * The notices of a generation's results (what came back for missing images, what the likeness
 * guard did): an icon and a few lines in a tinted box that screen readers announce. Plain
 * rendering with no state, so server pages and client cards both use it.
 */

const tones = {
  amber: { box: "border-amber-500/40 bg-amber-500/10 text-amber-950 dark:text-amber-100", icon: "text-amber-700 dark:text-amber-300" },
  sky: { box: "border-sky-500/40 bg-sky-500/10 text-sky-950 dark:text-sky-100", icon: "text-sky-700 dark:text-sky-300" },
} as const;

export function StatusNotice({ tone, icon: Icon, testId, children }: { tone: keyof typeof tones; icon: LucideIcon; testId: string; children: ReactNode }) {
  return (
    <div role="status" className={`flex items-start gap-3 rounded-xl border px-4 py-3 ${tones[tone].box}`} data-testid={testId}>
      <Icon className={`mt-0.5 size-5 shrink-0 ${tones[tone].icon}`} aria-hidden="true" />
      <div className="space-y-0.5">{children}</div>
    </div>
  );
}
