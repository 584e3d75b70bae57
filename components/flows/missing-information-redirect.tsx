"use client";

import type { FlowSlug } from "@/lib/flows/flow-tools";
import { useMissingInformationRedirect } from "./use-missing-information";

/** Rendered by a server page that found nothing to show: the toast of spec §8, then step 1. */
export function MissingInformationRedirect({ slug }: { slug: FlowSlug }) {
  useMissingInformationRedirect(slug, true);
  return <div className="h-64 animate-pulse rounded-2xl bg-muted/50" aria-hidden="true" />;
}
