export declare function minimise(
  text: string,
  fails: (candidate: string) => boolean,
  budget?: { calls?: number; ms?: number },
): string;
