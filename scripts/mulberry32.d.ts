/** mulberry32, the seeded PRNG of the repository's own tools: returns `next()`, in [0, 1). */
export function mulberry32(seed: number): () => number;
