"use client";

import { useEffect, useState } from "react";

/** Milliseconds since `since` (epoch ms), updated every `intervalMs` while `running`. */
export function useElapsedTime(since: number, intervalMs: number, running: boolean): number {
  const [now, setNow] = useState(since);
  useEffect(() => {
    if (!running) return;
    const update = () => setNow(Date.now());
    update();
    const timer = setInterval(update, intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, running]);
  return Math.max(0, now - since);
}
