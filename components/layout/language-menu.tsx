"use client";

import { Languages } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
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
import { useChangeLocale } from "./use-change-locale";

export function LanguageMenu() {
  const t = useTranslations("language");
  const locale = useLocale();
  const { changeLocale, isPending } = useChangeLocale();

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          data-testid="language-menu"
          aria-label={t("change", { language: t(`names.${locale}`) })}
          disabled={isPending}
          className="gap-1.5"
        >
          <Languages aria-hidden="true" />
          <span className="text-xs font-semibold uppercase" aria-hidden="true">
            {locale}
          </span>
        </Button>
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
