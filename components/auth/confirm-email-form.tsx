"use client";

import { useActionState } from "react";
import Link from "next/link";
import { MailCheck } from "@/components/icons/mail-check";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { confirmEmailAction } from "@/lib/actions/confirm-email";
import type { ActionFailure } from "@/lib/actions/safe-action";
import { FormAlert } from "./form-alert";
import { SubmitButton } from "./submit-button";
import { useActionMessage } from "./use-action-message";

type ConfirmState = { status: "idle" } | { status: "confirmed" } | { status: "failed"; failure: ActionFailure };

export function ConfirmEmailForm({ token }: { token: string }) {
  const t = useTranslations("auth.confirmEmail");
  const messageOf = useActionMessage();
  const [state, formAction] = useActionState(async (): Promise<ConfirmState> => {
    const result = await confirmEmailAction({ token });
    return result.ok ? { status: "confirmed" } : { status: "failed", failure: result };
  }, { status: "idle" });

  const confirmed = state.status === "confirmed";
  return (
    <div className="grid gap-6 text-center">
      <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
        <MailCheck className="size-6" aria-hidden="true" />
      </span>
      <div className="grid gap-1.5">
        <h1 className="text-2xl font-bold tracking-tight">{confirmed ? t("successTitle") : t("title")}</h1>
        <p className="text-sm text-muted-foreground" role={confirmed ? "status" : undefined}>
          {confirmed ? t("successDescription") : token ? t("description") : t("missingLink")}
        </p>
      </div>
      {state.status === "failed" ? (
        <FormAlert className="text-start">
          <p>{messageOf(state.failure)}</p>
        </FormAlert>
      ) : null}
      {confirmed || state.status === "failed" || !token ? (
        <Button asChild variant={confirmed ? "brand" : "outline"} className="w-full">
          <Link href="/auth" data-testid="confirm-email-sign-in">
            {t("signIn")}
          </Link>
        </Button>
      ) : (
        <form action={formAction}>
          <SubmitButton className="w-full" data-testid="confirm-email-submit">
            {t("submit")}
          </SubmitButton>
        </form>
      )}
    </div>
  );
}
