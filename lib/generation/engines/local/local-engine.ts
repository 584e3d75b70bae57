import type { EngineJob, EngineRunOptions, ImageEngine } from "../types";
import { runInEngineProcess } from "./process/engine-process";

/**
 * The default engine (decision 21): real photo work on the server's CPU with on-device models
 * (lib/vision), in a process of its own at a background priority, so the app keeps answering
 * while it works. Photos never leave the server. What it cannot do is refused before credits are taken (local-capabilities.ts).
 */
export function createLocalEngine(): ImageEngine {
  return {
    name: "local",
    run: (job: EngineJob, { onProgress, signal }: EngineRunOptions) => runInEngineProcess({ task: "render", job }, { signal, onProgress }),
  };
}
