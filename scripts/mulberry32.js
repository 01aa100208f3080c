// mulberry32, the seeded PRNG of the repository's own tools (the benchmark's generator, the fuzzer): small, fast,
// good enough for test data, and the same on every platform. Returns `next()`, in [0, 1).
export function mulberry32(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
