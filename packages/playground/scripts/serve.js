// Serves the built playground (dist/) on localhost, as any static file server would: `npm run playground`.
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { createServer } from "node:http";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../dist/", import.meta.url));
const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".json": "application/json",
};

/**
 * Where the site is served: `/` unless PLAYGROUND_BASE names a folder (`/mailroom/`, as GitHub Pages serves a
 * project's site), to see that the site works under any path.
 */
const base = (process.env.PLAYGROUND_BASE ?? "/").replace(/^\/?/, "/").replace(/\/?$/, "/");

/** The file a request's path names under dist/, or undefined for a path outside the site. */
function fileOf(url) {
  let full;
  try {
    full = normalize(decodeURIComponent(new URL(url, "http://localhost").pathname));
  } catch {
    return undefined;
  }
  if (!full.startsWith(base) || full.split("/").includes("..")) return undefined;
  const path = full.slice(base.length - 1);
  return join(root, path.endsWith("/") ? `${path}index.html` : path);
}

const server = createServer(async (request, response) => {
  const file = fileOf(request.url ?? "/");
  const info = file && (await stat(file).catch(() => undefined));
  if (!info?.isFile()) {
    response.writeHead(404, { "content-type": "text/plain" }).end("not found\n");
    return;
  }
  response.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
  createReadStream(file).pipe(response);
});

const port = Number(process.env.PORT ?? 8080);
server.listen(port, "127.0.0.1", () => {
  console.log(`mailroom playground: http://127.0.0.1:${server.address().port}${base}`);
});
