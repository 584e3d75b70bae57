import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { watchFingerprint } from "@/components/use-fingerprint-polling";
import { signedOutFingerprint } from "@/lib/api/live-fingerprint";

/**
 * The polling loop behind AccountLiveUpdates and ActivityLiveUpdates: a visible tab reads the
 * fingerprint every interval, refreshes once per new one and stops once the session has ended.
 */
describe("watching a live fingerprint", () => {
  const intervalMs = 1000;
  let served: string;
  let page: EventTarget & { visibilityState: DocumentVisibilityState };
  const fetched = vi.fn(async () => ({ ok: true, json: async () => ({ fingerprint: served }) }));
  const refresh = vi.fn();
  const stops: (() => void)[] = [];

  beforeEach(() => {
    vi.useFakeTimers();
    served = "rendered";
    page = Object.assign(new EventTarget(), { visibilityState: "visible" as DocumentVisibilityState });
    vi.stubGlobal("document", page);
    vi.stubGlobal("fetch", fetched);
    fetched.mockClear();
    refresh.mockClear();
  });
  afterEach(() => {
    for (const stop of stops.splice(0)) stop();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const watch = (options: Partial<Parameters<typeof watchFingerprint>[0]> = {}) => {
    const stop = watchFingerprint({ url: "/api/account/fingerprint", fingerprint: "rendered", intervalMs, refresh, ...options });
    stops.push(stop);
    return stop;
  };
  const tick = () => vi.advanceTimersByTimeAsync(intervalMs);

  it("refreshes once per new fingerprint, however long the refreshed page takes", async () => {
    watch();
    await tick();
    expect(fetched).toHaveBeenCalledWith("/api/account/fingerprint", expect.objectContaining({ cache: "no-store" }));
    expect(refresh).not.toHaveBeenCalled();

    served = "paid";
    await tick();
    await tick();
    expect(refresh).toHaveBeenCalledOnce();

    served = "paid again";
    await tick();
    expect(refresh).toHaveBeenCalledTimes(2);
    expect(fetched).toHaveBeenCalledTimes(4);
  });

  it("stops asking once the session has ended", async () => {
    watch();
    served = signedOutFingerprint;
    await tick();
    await tick();
    await tick();
    expect(fetched).toHaveBeenCalledOnce();
    expect(refresh).not.toHaveBeenCalled();
  });

  it("does not ask from a hidden tab, and checks at once when shown if asked to", async () => {
    page.visibilityState = "hidden";
    watch({ checkWhenShown: true });
    served = "changed";
    await tick();
    await tick();
    expect(fetched).not.toHaveBeenCalled();

    page.visibilityState = "visible";
    page.dispatchEvent(new Event("visibilitychange"));
    await vi.advanceTimersByTimeAsync(0);
    expect(refresh).toHaveBeenCalledOnce();
  });

  it("otherwise waits for its next tick when shown", async () => {
    page.visibilityState = "hidden";
    watch();
    await vi.advanceTimersByTimeAsync(intervalMs / 2);
    page.visibilityState = "visible";
    page.dispatchEvent(new Event("visibilitychange"));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetched).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(intervalMs / 2);
    expect(fetched).toHaveBeenCalledOnce();
  });

  it("tells the other tabs on its channel of a new fingerprint", async () => {
    const otherRefresh = vi.fn();
    const channelName = `test-channel-${Math.random()}`;
    watch({ intervalMs: 60_000, refresh: otherRefresh, channelName });
    watch({ channelName });
    served = "paid";
    await tick();
    expect(refresh).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(otherRefresh).toHaveBeenCalledOnce());
    expect(fetched).toHaveBeenCalledOnce();
  });

  it("asks no more once stopped", async () => {
    watch()();
    await tick();
    expect(fetched).not.toHaveBeenCalled();
  });
});
