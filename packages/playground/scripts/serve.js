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

/** The file a request's path names under dist/, or undefined for a path that leaves it. */
function fileOf(url) {
  const path = normalize(decodeURIComponent(new URL(url, "http://localhost").pathname));
  if (path.split("/").includes("..")) return undefined;
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
  console.log(`mailroom playground: http://127.0.0.1:${server.address().port}/`);
});
