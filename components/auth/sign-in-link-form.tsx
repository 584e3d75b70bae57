"use client";

import { useActionState } from "react";
import Link from "next/link";
import { LogIn } from "@/components/icons/log-in";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import type { ActionFailure } from "@/lib/actions/safe-action";
import { signInWithLinkAction } from "@/lib/actions/sign-in-with-link";
import { FormAlert } from "./form-alert";
import { SubmitButton } from "./submit-button";
import { useActionMessage } from "./use-action-message";

/** Signs in with the emailed link once the button is pressed; on success the action leaves for the dashboard. */
export function SignInLinkForm({ token }: { token: string }) {
  const t = useTranslations("auth.signInLink");
  const messageOf = useActionMessage();
  const [failure, formAction] = useActionState(async (): Promise<ActionFailure | null> => {
    const result = await signInWithLinkAction({ token });
    return result.ok ? null : result;
  }, null);

  return (
    <div className="grid gap-6 text-center">
      <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
        <LogIn className="size-6" aria-hidden="true" />
      </span>
      <div className="grid gap-1.5">
        <h1 className="text-2xl font-bold tracking-tight">{t("title")}</h1>
        <p className="text-sm text-muted-foreground">{token ? t("description") : t("missingLink")}</p>
      </div>
      {failure ? (
        <FormAlert className="text-start">
          <p>{messageOf(failure)}</p>
        </FormAlert>
      ) : null}
      {failure || !token ? (
        <Button asChild variant="outline" className="w-full">
          <Link href="/auth" data-testid="sign-in-link-back">
            {t("backToSignIn")}
          </Link>
        </Button>
      ) : (
        <form action={formAction}>
          <SubmitButton className="w-full" data-testid="sign-in-link-submit">
            {t("submit")}
          </SubmitButton>
        </form>
      )}
    </div>
  );
}
