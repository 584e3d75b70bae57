"use client";

import { useTranslations } from "next-intl";
import type { ActionFailure } from "@/lib/actions/safe-action";

/** Turns a failed ActionResult into the sentence to show, in the visitor's language. */
export function useActionMessage(): (failure: ActionFailure) => string {
  const t = useTranslations();
  return (failure) => t(failure.error, failure.values);
}
