"use client";

import { useActionState, useTransition } from "react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { Button } from "@/components/ui/button";
import { requestSignInLinkAction } from "@/lib/actions/request-sign-in-link";
import { resendConfirmationAction } from "@/lib/actions/resend-confirmation";
import type { ActionFailure } from "@/lib/actions/safe-action";
import { signInAction } from "@/lib/actions/sign-in";
import { checkForm, signInRules, type AuthValidationKey } from "@/lib/validations/auth-rules";
import { FormAlert } from "./form-alert";
import { textField } from "./form-values";
import { SubmitButton } from "./submit-button";
import { TextField } from "./text-field";
import { useActionMessage } from "./use-action-message";

interface SignInState {
  values: { email: string; password: string };
  fieldErrors: Partial<Record<string, AuthValidationKey>>;
  failure?: ActionFailure;
}

export function SignInForm({ callbackUrl }: { callbackUrl: string | undefined }) {
  const t = useTranslations("auth");
  const messageOf = useActionMessage();
  const [resending, startResend] = useTransition();
  const [requestingLink, startLinkRequest] = useTransition();

  const [state, formAction] = useActionState(
    async (_previous: SignInState, formData: FormData): Promise<SignInState> => {
      const values = { email: textField(formData, "email"), password: textField(formData, "password") };
      const checked = checkForm(signInRules, values);
      if (!checked.ok) return { values, fieldErrors: checked.fieldErrors };
      // On success the action redirects and this component goes away.
      const result = await signInAction({ ...values, callbackUrl });
      if (result.ok) return { values, fieldErrors: {} };
      toast.error(t("toasts.signInFailed"), { description: messageOf(result) });
      return { values, fieldErrors: result.fieldErrors ?? {}, failure: result };
    },
    { values: { email: "", password: "" }, fieldErrors: {} },
  );

  function resendConfirmation() {
    startResend(async () => {
      const result = await resendConfirmationAction({ email: state.values.email });
      if (result.ok) toast.success(t("toasts.checkEmailTitle"), { description: t("toasts.confirmationResent") });
      else toast.error(t("toasts.signInFailed"), { description: messageOf(result) });
    });
  }

  function emailSignInLink() {
    startLinkRequest(async () => {
      const email = state.values.email;
      const result = await requestSignInLinkAction({ email });
      if (result.ok) toast.success(t("toasts.checkEmailTitle"), { description: t("toasts.signInLinkSent", { email }) });
      else toast.error(t("toasts.signInFailed"), { description: messageOf(result) });
    });
  }

  return (
    <form action={formAction} noValidate className="grid gap-4" data-testid="sign-in-form">
      {state.failure ? (
        <FormAlert>
          <p>{messageOf(state.failure)}</p>
          {state.failure.error === "auth.errors.emailUnconfirmed" ? (
            <Button type="button" variant="outline" size="sm" onClick={resendConfirmation} disabled={resending} className="justify-self-start">
              {t("checkEmail.resend")}
            </Button>
          ) : null}
          {state.failure.error === "auth.errors.signInLocked" ? (
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={emailSignInLink}
              disabled={requestingLink}
              className="justify-self-start"
              data-testid="email-sign-in-link"
            >
              {t("emailSignInLink")}
            </Button>
          ) : null}
        </FormAlert>
      ) : null}
      <TextField
        name="email"
        type="email"
        label={t("email")}
        placeholder={t("emailPlaceholder")}
        autoComplete="email"
        required
        defaultValue={state.values.email}
        error={state.fieldErrors.email}
      />
      <TextField
        name="password"
        type="password"
        label={t("password")}
        autoComplete="current-password"
        required
        defaultValue={state.values.password}
        error={state.fieldErrors.password}
        labelAside={
          <Link href="/auth/forgot-password" className="text-sm font-medium text-primary hover:underline">
            {t("forgotPasswordLink")}
          </Link>
        }
      />
      <SubmitButton className="w-full" data-testid="sign-in-submit">
        {t("signInSubmit")}
      </SubmitButton>
    </form>
  );
}
