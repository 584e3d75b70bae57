"use client";

import { useTranslations } from "next-intl";
import type { BillingCycle } from "@/lib/billing/catalog";
import { cn } from "@/lib/utils";

const optionClass =
  "inline-flex h-9 items-center gap-2 rounded-full px-4 text-sm font-medium transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-checked:bg-background aria-checked:text-foreground aria-checked:shadow-sm text-muted-foreground hover:text-foreground";

/** The Monthly/Yearly switch above the plan cards, with the spec's "Save 20%" badge. */
export function BillingCycleSwitch({ value, onChange }: { value: BillingCycle; onChange: (cycle: BillingCycle) => void }) {
  const t = useTranslations("subscription.cycle");
  return (
    <div
      role="radiogroup"
      aria-label={t("label")}
      className="inline-flex items-center gap-1 rounded-full border bg-muted p-1"
      data-testid="billing-cycle-switch"
      onKeyDown={(event) => {
        // Arrow keys move between the two options, as in any radio group.
        if (["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"].includes(event.key)) {
          event.preventDefault();
          onChange(value === "monthly" ? "yearly" : "monthly");
        }
      }}
    >
      {(["monthly", "yearly"] as const).map((cycle) => (
        <button
          key={cycle}
          type="button"
          role="radio"
          aria-checked={value === cycle}
          tabIndex={value === cycle ? 0 : -1}
          onClick={() => onChange(cycle)}
          className={cn(optionClass)}
          data-testid={`billing-cycle-${cycle}`}
        >
          {t(cycle)}
          {cycle === "yearly" ? (
            <span className="rounded-full bg-emerald-500/15 px-2 py-0.5 text-xs font-semibold text-emerald-800 dark:text-emerald-300">
              {t("save")}
            </span>
          ) : null}
        </button>
      ))}
    </div>
  );
}
