export declare function minimise(
  text: string,
  fails: (candidate: string) => boolean | Promise<boolean>,
  budget?: { calls?: number; ms?: number },
): Promise<string>;
