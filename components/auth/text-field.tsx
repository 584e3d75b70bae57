"use client";

import { useId, useState } from "react";
import { Eye } from "@/components/icons/eye";
import { EyeOff } from "@/components/icons/eye-off";
import { useTranslations } from "next-intl";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { AuthValidationKey } from "@/lib/validations/auth-rules";
import { cn } from "@/lib/utils";

interface TextFieldProps extends Omit<React.ComponentProps<"input">, "id"> {
  name: string;
  label: string;
  /** Key under auth.validation, shown under the field and announced with it. */
  error?: AuthValidationKey;
  hint?: string;
  /** Something at the end of the label row, e.g. a "Forgot password?" link. */
  labelAside?: React.ReactNode;
}

/** A labelled input with its hint and its validation message, wired up for screen readers. */
export function TextField({ name, label, error, hint, labelAside, type = "text", className, ...inputProps }: TextFieldProps) {
  const t = useTranslations("auth");
  const id = useId();
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === "password";
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;

  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      <div className="relative">
        <Input
          id={id}
          name={name}
          type={isPassword && revealed ? "text" : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cn(isPassword && "pe-10", className)}
          data-testid={`field-${name}`}
          {...inputProps}
        />
        {isPassword ? (
          <button
            type="button"
            onClick={() => setRevealed((value) => !value)}
            aria-label={revealed ? t("hidePassword") : t("showPassword")}
            aria-pressed={revealed}
            className="absolute inset-y-0 end-0 flex w-10 items-center justify-center rounded-e-md text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            {revealed ? <EyeOff className="size-4" aria-hidden="true" /> : <Eye className="size-4" aria-hidden="true" />}
          </button>
        ) : null}
      </div>
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive" data-testid={`error-${name}`}>
          {t(`validation.${error}`)}
        </p>
      ) : null}
    </div>
  );
}
