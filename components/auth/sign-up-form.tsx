"use client";

import { useActionState } from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import type { ActionFailure } from "@/lib/actions/safe-action";
import { signUpAction } from "@/lib/actions/sign-up";
import { checkForm, signUpRules, type AuthValidationKey } from "@/lib/validations/auth-rules";
import { FormAlert } from "./form-alert";
import { textField } from "./form-values";
import { SubmitButton } from "./submit-button";
import { TextField } from "./text-field";
import { useActionMessage } from "./use-action-message";

const fieldNames = ["firstName", "lastName", "email", "password"] as const;
type SignUpValues = Record<(typeof fieldNames)[number], string>;

interface SignUpState {
  values: SignUpValues;
  fieldErrors: Partial<Record<string, AuthValidationKey>>;
  failure?: ActionFailure;
}

const emptyValues: SignUpValues = { firstName: "", lastName: "", email: "", password: "" };

export function SignUpForm({
  callbackUrl,
  onConfirmationSent,
}: {
  callbackUrl: string | undefined;
  /** Called when the account waits for its email to be confirmed. */
  onConfirmationSent: (email: string) => void;
}) {
  const t = useTranslations("auth");
  const messageOf = useActionMessage();

  const [state, formAction] = useActionState(
    async (_previous: SignUpState, formData: FormData): Promise<SignUpState> => {
      const values: SignUpValues = { ...emptyValues };
      for (const name of fieldNames) values[name] = textField(formData, name);
      const checked = checkForm(signUpRules, values);
      if (!checked.ok) return { values, fieldErrors: checked.fieldErrors };
      // Without email confirmation the action signs the new account in and redirects.
      const result = await signUpAction({ ...values, callbackUrl });
      if (result.ok) {
        if (result.data.confirmationRequired) {
          toast.success(t("toasts.checkEmailTitle"), { description: t("toasts.checkEmailDescription") });
          onConfirmationSent(checked.values.email);
        }
        return { values, fieldErrors: {} };
      }
      toast.error(t("toasts.signUpFailed"), { description: messageOf(result) });
      return { values, fieldErrors: result.fieldErrors ?? {}, failure: result };
    },
    { values: emptyValues, fieldErrors: {} },
  );

  return (
    <form action={formAction} noValidate className="grid gap-4" data-testid="sign-up-form">
      {state.failure ? (
        <FormAlert>
          <p>{messageOf(state.failure)}</p>
        </FormAlert>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          name="firstName"
          label={t("firstName")}
          autoComplete="given-name"
          required
          maxLength={50}
          defaultValue={state.values.firstName}
          error={state.fieldErrors.firstName}
        />
        <TextField
          name="lastName"
          label={t("lastName")}
          autoComplete="family-name"
          required
          maxLength={50}
          defaultValue={state.values.lastName}
          error={state.fieldErrors.lastName}
        />
      </div>
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
        autoComplete="new-password"
        required
        hint={t("passwordHint")}
        defaultValue={state.values.password}
        error={state.fieldErrors.password}
      />
      <SubmitButton className="w-full" data-testid="sign-up-submit">
        {t("signUpSubmit")}
      </SubmitButton>
    </form>
  );
}
