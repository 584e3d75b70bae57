"use client";

import { useMissingInformationRedirect } from "./use-missing-information";

/** Rendered by a server page that found nothing to show: the toast of spec §8, then step 1. */
export function MissingInformationRedirect({ step1Path }: { step1Path: string }) {
  useMissingInformationRedirect(step1Path, true);
  return <div className="h-64 animate-pulse rounded-2xl bg-muted/50" aria-hidden="true" />;
}
