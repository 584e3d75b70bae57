/**
 * Wakes the workers of this process at once when a job is queued here, so a job created on a
 * server with a worker starts without waiting for the next poll. Other processes still find
 * it by polling. Kept on globalThis because Next.js may load this module in several bundles.
 */
const globalKey = Symbol.for("ai-image-studio.generation-wake");
type GlobalWithWake = typeof globalThis & { [globalKey]?: EventTarget };

function wakeTarget(): EventTarget {
  const store = globalThis as GlobalWithWake;
  store[globalKey] ??= new EventTarget();
  return store[globalKey];
}

export function wakeWorkers(): void {
  wakeTarget().dispatchEvent(new Event("job"));
}

/** Calls `listener` whenever a job is queued in this process; returns the unsubscribe. */
export function onJobQueued(listener: () => void): () => void {
  const target = wakeTarget();
  target.addEventListener("job", listener);
  return () => target.removeEventListener("job", listener);
}
