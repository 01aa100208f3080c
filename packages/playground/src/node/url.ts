/**
 * `node:url`'s two conversions, for POSIX paths. The worker's own URLs (http:) convert to their path, so that a
 * module asking whether a file sits beside it asks the files in memory about that path.
 */
export function pathToFileURL(path: string): URL {
  const url = new URL("file:///");
  url.pathname = path;
  return url;
}

export const fileURLToPath = (url: string | URL): string => decodeURIComponent(new URL(url).pathname);
