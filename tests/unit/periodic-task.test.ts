import { afterEach, describe, expect, it, vi } from "vitest";
import { startPeriodicTask } from "@/lib/scheduling/periodic-task";

describe("startPeriodicTask", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("runs at once, then every interval, never two runs at a time, until stopped", async () => {
    vi.useFakeTimers();
    let finishRun: () => void = () => {};
    const run = vi.fn(() => new Promise<void>((resolve) => (finishRun = resolve)));
    const stop = startPeriodicTask("test", run, 1);
    expect(run).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(60_000);
    expect(run).toHaveBeenCalledTimes(1); // the first run is still going

    finishRun();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(run).toHaveBeenCalledTimes(2);

    finishRun();
    stop();
    await vi.advanceTimersByTimeAsync(180_000);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it("logs a failed run and keeps the schedule", async () => {
    vi.useFakeTimers();
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const run = vi.fn().mockRejectedValueOnce(new Error("boom")).mockResolvedValue(undefined);
    const stop = startPeriodicTask("test", run, 1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(error).toHaveBeenCalledWith("[test] scheduled run failed", expect.any(Error));
    expect(run).toHaveBeenCalledTimes(2);
    stop();
    error.mockRestore();
  });
});
