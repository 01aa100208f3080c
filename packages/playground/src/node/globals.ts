import { Buffer } from "buffer";

/*
 * The globals of Node that the worker's modules use (and a document's two properties, below): `Buffer`, and `setImmediate`, which runs a callback once the
 * messages already received are handled (a message to itself on a channel comes after them; a timer may wait).
 */
const channel = new MessageChannel();
const waiting = new Map<number, () => void>();
let next = 0;
channel.port1.onmessage = ({ data }: MessageEvent<number>) => {
  const run = waiting.get(data);
  waiting.delete(data);
  run?.();
};

function setImmediate(callback: (...args: unknown[]) => void, ...args: unknown[]): number {
  const id = ++next;
  waiting.set(id, () => callback(...args));
  channel.port2.postMessage(id);
  return id;
}

const clearImmediate = (id: number): void => {
  waiting.delete(id);
};

Object.assign(globalThis, { Buffer, setImmediate, clearImmediate });

/*
 * pdf.js's page-side code, which the runtime runs in this worker, reads two things of the document it expects to
 * be in: its base URI (data files are fetched relative to it) and its font set (fonts are registered there). A
 * worker has both, on its own scope.
 */
const scope = globalThis as unknown as { document?: unknown; location: Location; fonts?: unknown };
scope.document ??= { baseURI: scope.location.href, fonts: scope.fonts };
