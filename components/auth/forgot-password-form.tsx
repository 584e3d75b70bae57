"use client";

import { useActionState } from "react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { requestPasswordResetAction } from "@/lib/actions/request-password-reset";
import type { ActionFailure } from "@/lib/actions/safe-action";
import { checkForm, emailOnlyRules, type AuthValidationKey } from "@/lib/validations/auth-rules";
import { FormAlert } from "./form-alert";
import { textField } from "./form-values";
import { SubmitButton } from "./submit-button";
import { TextField } from "./text-field";
import { useActionMessage } from "./use-action-message";

interface ForgotPasswordState {
  email: string;
  fieldErrors: Partial<Record<string, AuthValidationKey>>;
  failure?: ActionFailure;
  /** The address the link went to (or would have, had it an account). */
  sentTo?: string;
}

export function ForgotPasswordForm() {
  const t = useTranslations("auth");
  const messageOf = useActionMessage();
  const [state, formAction] = useActionState(
    async (_previous: ForgotPasswordState, formData: FormData): Promise<ForgotPasswordState> => {
      const email = textField(formData, "email");
      const checked = checkForm(emailOnlyRules, { email });
      if (!checked.ok) return { email, fieldErrors: checked.fieldErrors };
      const result = await requestPasswordResetAction({ email });
      if (result.ok) return { email, fieldErrors: {}, sentTo: result.data.email };
      return { email, fieldErrors: result.fieldErrors ?? {}, failure: result };
    },
    { email: "", fieldErrors: {} },
  );

  return (
    <div className="grid gap-6">
      <div className="grid gap-1.5 text-center">
        <h1 className="text-2xl font-bold tracking-tight">{t("forgotPassword.title")}</h1>
        <p className="text-sm text-muted-foreground">{t("forgotPassword.description")}</p>
      </div>
      {state.sentTo ? (
        <FormAlert tone="success">
          <p className="font-medium">{t("forgotPassword.sentTitle")}</p>
          <p>{t("forgotPassword.sentDescription", { email: state.sentTo })}</p>
        </FormAlert>
      ) : (
        <form action={formAction} noValidate className="grid gap-4" data-testid="forgot-password-form">
          {state.failure ? (
            <FormAlert>
              <p>{messageOf(state.failure)}</p>
            </FormAlert>
          ) : null}
          <TextField
            name="email"
            type="email"
            label={t("email")}
            placeholder={t("emailPlaceholder")}
            autoComplete="email"
            required
            defaultValue={state.email}
            error={state.fieldErrors.email}
          />
          <SubmitButton className="w-full">{t("forgotPassword.submit")}</SubmitButton>
        </form>
      )}
      <Link href="/auth" className="text-center text-sm font-medium text-primary hover:underline">
        {t("forgotPassword.backToSignIn")}
      </Link>
    </div>
  );
}
