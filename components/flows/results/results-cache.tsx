"use client";

import { useEffect } from "react";
import { useRouter } from "next/navigation";
import { z } from "zod";
import { browserStorage, readStoredJson, removeStored, writeStoredJson } from "@/lib/flows/draft-storage";
import { flowPath, flowTools, type FlowSlug } from "@/lib/flows/flow-tools";

/**
 * Local storage only remembers the last generation id of each tool; the results themselves
 * always come from the server. These three small effects keep that cache in step.
 */

function Placeholder() {
  return <div className="mx-auto aspect-3/4 w-full max-w-md animate-pulse rounded-xl bg-muted/50" aria-hidden="true" />;
}

/** /{tool}/results without an id: reopen the last result of this tool, or start over at step 1. */
export function OpenCachedResults({ slug }: { slug: FlowSlug }) {
  const router = useRouter();
  useEffect(() => {
    const cached = z.uuid().safeParse(readStoredJson(browserStorage(), flowTools[slug].storageKeys.lastGenerationId));
    router.replace(cached.success ? flowPath(slug, "results", cached.data) : flowPath(slug, "step1"));
  }, [router, slug]);
  return <Placeholder />;
}

/** An id the server does not know for this user: forget it and start over. */
export function ForgetCachedResults({ slug }: { slug: FlowSlug }) {
  const router = useRouter();
  useEffect(() => {
    removeStored(browserStorage(), flowTools[slug].storageKeys.lastGenerationId);
    router.replace(flowPath(slug, "step1"));
  }, [router, slug]);
  return <Placeholder />;
}

/** A results page that opened: it is now the tool's last result. */
export function RememberResults({ slug, generationId }: { slug: FlowSlug; generationId: string }) {
  useEffect(() => {
    writeStoredJson(browserStorage(), flowTools[slug].storageKeys.lastGenerationId, generationId);
  }, [generationId, slug]);
  return null;
}
