"use client";

import { useTransition } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { setLocaleAction } from "@/lib/actions/set-locale";
import { isLocale } from "@/lib/i18n/config";

/** Switches the interface language through the server action, then re-renders the page. */
export function useChangeLocale() {
  const router = useRouter();
  const t = useTranslations();
  const [isPending, startTransition] = useTransition();

  function changeLocale(value: string) {
    if (!isLocale(value)) return;
    startTransition(async () => {
      const result = await setLocaleAction({ locale: value });
      if (!result.ok) {
        toast.error(t("language.changeFailed"));
        return;
      }
      router.refresh();
    });
  }

  return { changeLocale, isPending };
}
