/** A built script of the playground and every file it reaches by static imports, relative to `dist`. */
export function reached(dist: string, file: string, seen?: Set<string>): Set<string>;
