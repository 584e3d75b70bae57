"use client";

import { useTransition } from "react";
import { MailCheck } from "@/components/icons/mail-check";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { Button } from "@/components/ui/button";
import { resendConfirmationAction } from "@/lib/actions/resend-confirmation";
import { useActionMessage } from "./use-action-message";

/** Shown after signing up when the account waits for its email to be confirmed. */
export function CheckEmailNotice({ email, onBack }: { email: string; onBack: () => void }) {
  const t = useTranslations("auth");
  const messageOf = useActionMessage();
  const [pending, startTransition] = useTransition();

  function resend() {
    startTransition(async () => {
      const result = await resendConfirmationAction({ email });
      if (result.ok) toast.success(t("toasts.checkEmailTitle"), { description: t("toasts.confirmationResent") });
      else toast.error(t("toasts.signUpFailed"), { description: messageOf(result) });
    });
  }

  return (
    <div className="grid gap-4 text-center" role="status" data-testid="check-email">
      <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
        <MailCheck className="size-6" aria-hidden="true" />
      </span>
      <h2 className="text-xl font-semibold">{t("checkEmail.title")}</h2>
      <p className="text-sm text-muted-foreground">{t("checkEmail.description", { email })}</p>
      <Button type="button" variant="outline" onClick={resend} disabled={pending}>
        {t("checkEmail.resend")}
      </Button>
      <Button type="button" variant="link" onClick={onBack}>
        {t("checkEmail.backToSignIn")}
      </Button>
    </div>
  );
}
