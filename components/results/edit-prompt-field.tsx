"use client";

import { useId } from "react";
import Link from "next/link";
import { CircleAlert as AlertCircle } from "@/components/icons/circle-alert";
import { useTranslations } from "next-intl";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { editCreditCost } from "@/lib/generation/edit-cost";
import type { EditPromptState } from "@/lib/results/edit-prompt";
import { cn } from "@/lib/utils";

/** The longest prompt the server accepts (lib/validations/generation.ts); words are the real limit. */
const maxPromptCharacters = 5000;

function InlineAlert({ children, testId }: { children: React.ReactNode; testId: string }) {
  return (
    <p
      role="alert"
      data-testid={testId}
      className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive dark:text-red-300"
    >
      <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{children}</span>
    </p>
  );
}

/**
 * The edit prompt with its live word counter (spec §2: N/100 for AI Product and Headshot, N/10
 * for Hair and Body) and the inline messages of spec §5 instead of browser alerts.
 */
export function EditPromptField({
  value,
  onChange,
  state,
  credits,
  disabled,
  failure,
}: {
  value: string;
  onChange(value: string): void;
  state: EditPromptState;
  credits: number;
  disabled: boolean;
  /** Why the last attempt failed, shown under the box. */
  failure?: string;
}) {
  const t = useTranslations("editDialog");
  const tErrors = useTranslations("errors");
  const id = useId();

  return (
    <div className="space-y-2">
      <div className="flex items-end justify-between gap-3">
        <Label htmlFor={`${id}-prompt`}>{t("promptLabel")}</Label>
        <span
          id={`${id}-count`}
          data-testid="edit-word-count"
          aria-label={t("wordCountLabel", { count: state.words, limit: state.limit })}
          className={cn("text-xs tabular-nums", state.overLimit ? "font-semibold text-destructive" : "text-muted-foreground")}
        >
          {state.words}/{state.limit}
        </span>
      </div>
      <Textarea
        id={`${id}-prompt`}
        data-testid="edit-prompt"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={t("placeholder")}
        maxLength={maxPromptCharacters}
        disabled={disabled}
        aria-invalid={state.overLimit || undefined}
        aria-describedby={`${id}-count`}
        rows={3}
        className="max-h-48 min-h-24 resize-none"
      />
      {state.overLimit ? (
        <InlineAlert testId="edit-word-limit-alert">{tErrors("promptTooLong", { limit: state.limit })}</InlineAlert>
      ) : null}
      {state.blocker === "insufficientCredits" ? (
        <InlineAlert testId="edit-credits-alert">
          {t("needCredits", { cost: editCreditCost, available: credits })}{" "}
          <Link href="/subscription" className="font-medium underline underline-offset-4">
            {t("getCredits")}
          </Link>
        </InlineAlert>
      ) : null}
      {failure ? <InlineAlert testId="edit-failure">{failure}</InlineAlert> : null}
    </div>
  );
}
