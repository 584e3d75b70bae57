"use client";

import { useLocale, useTranslations } from "next-intl";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { directionOf, locales } from "@/lib/i18n/config";
import type { PopupTriggerProps } from "./deferred-popup";
import { useChangeLocale } from "./use-change-locale";

/** The language menu itself, loaded on first use (deferred-popup.tsx); it mounts open. */
export function LanguageMenuPopup({ trigger, children }: PopupTriggerProps) {
  const t = useTranslations("language");
  const locale = useLocale();
  const { changeLocale, isPending } = useChangeLocale();

  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>
        <button type="button" {...trigger} disabled={isPending}>
          {children}
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-44">
        <DropdownMenuLabel>{t("label")}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuRadioGroup value={locale} onValueChange={changeLocale}>
          {locales.map((code) => (
            <DropdownMenuRadioItem key={code} value={code} data-testid={`language-option-${code}`}>
              <span lang={code} dir={directionOf(code)}>
                {t(`names.${code}`)}
              </span>
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
