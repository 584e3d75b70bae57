/**
 * Runs `run` now and then every `intervalMinutes` in this process, never two runs at once;
 * returns a stop function. Used for the server's housekeeping (monthly allowances of yearly
 * plans, the 30-day deletion of originals). Each task is safe when several servers run it:
 * its own writes are idempotent.
 */
export function startPeriodicTask(name: string, run: () => Promise<unknown>, intervalMinutes: number): () => void {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    run()
      .catch((error: unknown) => console.error(`[${name}] scheduled run failed`, error))
      .finally(() => {
        running = false;
      });
  };
  tick();
  const timer = setInterval(tick, intervalMinutes * 60_000);
  // The timer must not keep a finished process (tests, scripts) alive.
  timer.unref();
  return () => clearInterval(timer);
}
