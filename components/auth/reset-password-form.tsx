"use client";

import { useActionState } from "react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { resetPasswordAction } from "@/lib/actions/reset-password";
import type { ActionFailure } from "@/lib/actions/safe-action";
import { checkResetPassword, type AuthValidationKey } from "@/lib/validations/auth-rules";
import { FormAlert } from "./form-alert";
import { textField } from "./form-values";
import { SubmitButton } from "./submit-button";
import { TextField } from "./text-field";
import { useActionMessage } from "./use-action-message";

interface ResetPasswordState {
  values: { password: string; confirmPassword: string };
  fieldErrors: Partial<Record<string, AuthValidationKey>>;
  failure?: ActionFailure;
  done?: boolean;
}

export function ResetPasswordForm({ token }: { token: string }) {
  const t = useTranslations("auth");
  const messageOf = useActionMessage();
  const [state, formAction] = useActionState(
    async (_previous: ResetPasswordState, formData: FormData): Promise<ResetPasswordState> => {
      const values = { password: textField(formData, "password"), confirmPassword: textField(formData, "confirmPassword") };
      const checked = checkResetPassword({ ...values, token });
      if (!checked.ok) return { values, fieldErrors: checked.fieldErrors };
      const result = await resetPasswordAction({ ...values, token });
      if (result.ok) return { values, fieldErrors: {}, done: true };
      return { values, fieldErrors: result.fieldErrors ?? {}, failure: result };
    },
    { values: { password: "", confirmPassword: "" }, fieldErrors: {} },
  );

  // A used, expired or unknown link cannot be fixed by typing another password.
  const linkFailed = state.failure !== undefined && state.failure.error.startsWith("auth.errors.link");

  return (
    <div className="grid gap-6">
      <div className="grid gap-1.5 text-center">
        <h1 className="text-2xl font-bold tracking-tight">
          {state.done ? t("resetPassword.successTitle") : t("resetPassword.title")}
        </h1>
        <p className="text-sm text-muted-foreground">
          {state.done ? t("resetPassword.successDescription") : t("resetPassword.description")}
        </p>
      </div>
      {state.done ? (
        <Button asChild variant="brand" className="w-full">
          <Link href="/auth">{t("resetPassword.signIn")}</Link>
        </Button>
      ) : (
        <form action={formAction} noValidate className="grid gap-4" data-testid="reset-password-form">
          {!token ? (
            <FormAlert>
              <p>{t("errors.linkInvalid")}</p>
            </FormAlert>
          ) : null}
          {state.failure ? (
            <FormAlert>
              <p>{messageOf(state.failure)}</p>
              {linkFailed ? (
                <Link href="/auth/forgot-password" className="font-medium underline">
                  {t("resetPassword.requestNew")}
                </Link>
              ) : null}
            </FormAlert>
          ) : null}
          <TextField
            name="password"
            type="password"
            label={t("resetPassword.newPassword")}
            autoComplete="new-password"
            required
            hint={t("passwordHint")}
            defaultValue={state.values.password}
            error={state.fieldErrors.password}
          />
          <TextField
            name="confirmPassword"
            type="password"
            label={t("resetPassword.confirmPassword")}
            autoComplete="new-password"
            required
            defaultValue={state.values.confirmPassword}
            error={state.fieldErrors.confirmPassword}
          />
          <SubmitButton className="w-full" disabled={!token || linkFailed}>
            {t("resetPassword.submit")}
          </SubmitButton>
        </form>
      )}
    </div>
  );
}
