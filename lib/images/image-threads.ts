import sharp from "sharp";

/**
 * An app server works on many images at once (uploads of concurrent requests, the worker's
 * results, the local engine's renders), and libuv's pool already runs four of them side by
 * side. libvips's default of one thread per core for each image then oversubscribes a small
 * machine; one thread per image keeps the cores busy with less switching (createGenerationAction
 * under load on two cores: about a fifth more requests per second, a sixth lower p99).
 */
export function limitImageThreads(): void {
  sharp.concurrency(1);
}
