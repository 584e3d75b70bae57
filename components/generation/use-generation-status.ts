"use client";

import { useEffect, useState } from "react";
import type { GenerationStatusView } from "@/lib/generation/generation-status";

/**
 * Follows one generation from a loading page: asks GET /api/generations/{id} about once a
 * second and stops when it is complete or failed (or the id is unknown), so a page learns of a
 * change within two seconds. Network hiccups are retried on the next tick.
 */
export type GenerationStatusState =
  | { state: "loading" }
  | { state: "ready"; generation: GenerationStatusView }
  | { state: "notFound" };

const pollIntervalMs = 1000;

function isFinished(generation: GenerationStatusView): boolean {
  return generation.status === "complete" || generation.status === "failed";
}

export function useGenerationStatus(generationId: string | null): GenerationStatusState {
  const [current, setCurrent] = useState<{ id: string | null; value: GenerationStatusState }>({
    id: generationId,
    value: { state: "loading" },
  });

  useEffect(() => {
    if (!generationId) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();

    async function poll() {
      let finished = false;
      try {
        const response = await fetch(`/api/generations/${encodeURIComponent(generationId ?? "")}`, {
          cache: "no-store",
          signal: controller.signal,
        });
        if (response.status === 404) {
          finished = true;
          if (!cancelled) setCurrent({ id: generationId, value: { state: "notFound" } });
        } else if (response.ok) {
          const generation: GenerationStatusView = await response.json();
          finished = isFinished(generation);
          if (!cancelled) setCurrent({ id: generationId, value: { state: "ready", generation } });
        }
      } catch {
        // Offline for a moment or aborted: the next tick tries again.
      }
      if (!cancelled && !finished) timer = setTimeout(poll, pollIntervalMs);
    }

    void poll();
    return () => {
      cancelled = true;
      controller.abort();
      clearTimeout(timer);
    };
  }, [generationId]);

  // A new id starts from "loading" instead of showing the previous generation.
  return current.id === generationId ? current.value : { state: "loading" };
}
