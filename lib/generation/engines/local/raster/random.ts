import { createHash } from "node:crypto";

/** A small seeded generator (mulberry32): the same job and shot always give the same picture. */
export function seededRandom(seedText: string): () => number {
  let state = createHash("sha256").update(seedText).digest().readUInt32BE(0);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
