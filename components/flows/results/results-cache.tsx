"use client";

import { useEffect } from "react";
import { useRouter } from "next/navigation";
import { regexes } from "zod/v4/core";
import { browserStorage, readStoredJson, removeStored, writeStoredJson } from "@/lib/flows/draft-storage";

/**
 * Local storage only remembers the last generation id of each tool; the results themselves
 * always come from the server. These three small effects keep that cache in step. `resultsPath`
 * is the tool's results page without an id ("/hair-changer/results").
 */

export interface ResultsCacheProps {
  storageKey: string;
  resultsPath: string;
  /** Where a user without a cached result starts over. */
  fallbackPath: string;
}

function Placeholder() {
  return <div className="mx-auto aspect-3/4 w-full max-w-md animate-pulse rounded-xl bg-muted/50" aria-hidden="true" />;
}

/** A results page without an id: reopen the last result of this tool, or start over. */
export function OpenCachedResults({ storageKey, resultsPath, fallbackPath }: ResultsCacheProps) {
  const router = useRouter();
  useEffect(() => {
    // zod's own uuid pattern without its schema classes, which would weigh on every results page.
    const cached = readStoredJson(browserStorage(), storageKey);
    router.replace(typeof cached === "string" && regexes.uuid().test(cached) ? `${resultsPath}?id=${cached}` : fallbackPath);
  }, [fallbackPath, resultsPath, router, storageKey]);
  return <Placeholder />;
}

/** An id the server does not know for this user: forget it and start over. */
export function ForgetCachedResults({ storageKey, fallbackPath }: Omit<ResultsCacheProps, "resultsPath">) {
  const router = useRouter();
  useEffect(() => {
    removeStored(browserStorage(), storageKey);
    router.replace(fallbackPath);
  }, [fallbackPath, router, storageKey]);
  return <Placeholder />;
}

/** A results page that opened: it is now the tool's last result. */
export function RememberResults({ storageKey, generationId }: { storageKey: string; generationId: string }) {
  useEffect(() => {
    writeStoredJson(browserStorage(), storageKey, generationId);
  }, [generationId, storageKey]);
  return null;
}
