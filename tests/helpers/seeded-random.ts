/**
 * A seeded pseudo-random source (mulberry32): the same seed gives the same sequence, so a
 * randomised test prints its seed and can be replayed exactly (TEST_SEED=<seed>).
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A whole number in [0, max). */
export function pick(random: () => number, max: number): number {
  return Math.floor(random() * max);
}

/** The seed of a randomised test: TEST_SEED when given (to replay a failure), else a fresh one. */
export function testSeed(): number {
  const given = Number(process.env.TEST_SEED);
  return Number.isInteger(given) && given > 0 ? given : Math.floor(Math.random() * 2 ** 31) + 1;
}
