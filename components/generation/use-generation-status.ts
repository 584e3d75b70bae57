"use client";

import { useEffect, useState } from "react";
import type { GenerationStatusView } from "@/lib/generation/generation-status";

/**
 * Follows one generation from a loading page: asks GET /api/generations/{id} about once a
 * second and stops when it is complete or failed (or the id is unknown), so a page learns of a
 * change within two seconds. When requests fail (offline, the server unreachable or erroring)
 * it says so through `reconnecting`, tries again less often, and at once when the browser is
 * back online; the first answer clears it.
 */
export type GenerationStatusState = (
  | { state: "loading" }
  | { state: "ready"; generation: GenerationStatusView }
  | { state: "notFound" }
) & {
  /** The last requests failed: what is shown may be out of date until the server answers. */
  reconnecting: boolean;
};

const pollIntervalMs = 1000;
const maxRetryIntervalMs = 5000;
/** One failed request can be a blip; this many in a row is a lost connection. */
const failuresBeforeReconnecting = 2;

function isFinished(generation: GenerationStatusView): boolean {
  return generation.status === "complete" || generation.status === "failed";
}

const initial: GenerationStatusState = { state: "loading", reconnecting: false };

export function useGenerationStatus(generationId: string | null): GenerationStatusState {
  const [current, setCurrent] = useState<{ id: string | null; value: GenerationStatusState }>({ id: generationId, value: initial });

  useEffect(() => {
    if (!generationId) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let inFlight = false;
    let finished = false;
    const controller = new AbortController();
    const update = (change: (value: GenerationStatusState) => GenerationStatusState) => {
      if (!cancelled) setCurrent((previous) => ({ id: generationId, value: change(previous.id === generationId ? previous.value : initial) }));
    };
    const failed = () => {
      failures += 1;
      if (failures >= failuresBeforeReconnecting || !navigator.onLine) update((value) => ({ ...value, reconnecting: true }));
    };

    async function poll() {
      if (inFlight || finished) return;
      inFlight = true;
      clearTimeout(timer);
      try {
        const response = await fetch(`/api/generations/${encodeURIComponent(generationId ?? "")}`, {
          cache: "no-store",
          signal: controller.signal,
        });
        if (response.status === 404) {
          finished = true;
          failures = 0;
          update(() => ({ state: "notFound", reconnecting: false }));
        } else if (response.ok) {
          const generation: GenerationStatusView = await response.json();
          finished = isFinished(generation);
          failures = 0;
          update(() => ({ state: "ready", generation, reconnecting: false }));
        } else {
          failed();
        }
      } catch {
        // Offline, refused or aborted: the next try comes after a pause that grows.
        if (!controller.signal.aborted) failed();
      }
      inFlight = false;
      if (cancelled || finished) return;
      const delay = Math.min(pollIntervalMs * 2 ** Math.max(0, failures - 1), maxRetryIntervalMs);
      timer = setTimeout(() => void poll(), delay);
    }

    const onOffline = () => update((value) => ({ ...value, reconnecting: true }));
    const onOnline = () => void poll();
    window.addEventListener("offline", onOffline);
    window.addEventListener("online", onOnline);
    void poll();
    return () => {
      cancelled = true;
      controller.abort();
      clearTimeout(timer);
      window.removeEventListener("offline", onOffline);
      window.removeEventListener("online", onOnline);
    };
  }, [generationId]);

  // A new id starts from "loading" instead of showing the previous generation.
  return current.id === generationId ? current.value : initial;
}
