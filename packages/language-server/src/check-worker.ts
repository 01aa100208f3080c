import { isMainThread, parentPort, Worker } from "node:worker_threads";
import { prepareValidation, type ResolvedSettings } from "@mailroom/checker";
import { parseDocument, validate } from "@mailroom/language";
import type * as lsp from "vscode-languageserver";
import { CHECK_WORKER_ARGUMENT } from "./check-worker-argument.js";
import { toDiagnostic } from "./convert.js";

/*
 * Large documents are checked on a worker thread: parsing and checking a service of megabytes takes a second or
 * more, during which the main thread would answer nothing, for any document. The worker runs the same parse and
 * check as the main thread, on the text it is sent, and keeps nothing between documents. It is this module itself,
 * started with a flag (so it also works from a one-file bundle of the server, whose entry then starts no server:
 * see `isCheckWorker`), and it ends once no large document is open, its memory with it.
 */

/** Documents of this many characters or more are checked on the worker (a 10,000-line service is about 360 KiB). */
export const LARGE_DOCUMENT_CHARS = 512 * 1024;

export const isLarge = (text: string): boolean => text.length >= LARGE_DOCUMENT_CHARS;

/** Whether this thread is the checking worker, rather than a server. */
export const isCheckWorker: boolean = !isMainThread && process.argv.includes(CHECK_WORKER_ARGUMENT);

/** What the worker checks: one version of a document, with the settings of its file. */
export interface CheckJob {
  readonly uri: string;
  readonly file: string;
  readonly text: string;
  readonly settings: ResolvedSettings;
  /** Where diagnostics link their codes to (`codeDescription`). */
  readonly docsBase: string;
}

type Reply = { readonly id: number; readonly diagnostics: lsp.Diagnostic[] } | { readonly id: number; error: string };

/** The worker's side: each job's diagnostics, as LSP diagnostics (the worker has the document's lines). */
function serve(port: NonNullable<typeof parentPort>): void {
  // Up front, as the main thread does; should it fail, it fails again in each job, which reports it.
  try {
    prepareValidation();
  } catch {}
  port.on("message", (job: CheckJob & { readonly id: number }) => {
    let reply: Reply;
    try {
      const document = parseDocument(job.file, job.text);
      const diagnostics = job.settings.ignored ? [] : validate(document, job.settings);
      // A service's checks place related information in the service itself, never in another file.
      const own = { uri: job.uri, lines: document.lines };
      const place = (file: string | undefined) => (file === undefined || file === job.file ? own : undefined);
      reply = { id: job.id, diagnostics: diagnostics.map((d) => toDiagnostic(document.lines, d, job.docsBase, place)) };
    } catch (error) {
      reply = { id: job.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
    }
    port.postMessage(reply);
  });
}

if (isCheckWorker && parentPort) serve(parentPort);

/** The main thread's side: starts the worker on the first job, sends it jobs one by one as they come. */
export class CheckWorker {
  #worker: Worker | undefined;
  #next = 0;
  readonly #waiting = new Map<number, (reply: Reply | undefined) => void>();

  /** The job's diagnostics; undefined when the worker was stopped meanwhile (its document closed). */
  check(job: CheckJob): Promise<lsp.Diagnostic[] | undefined> {
    const worker = this.#worker ?? this.#start();
    const id = ++this.#next;
    return new Promise((resolve, reject) => {
      this.#waiting.set(id, (reply) => {
        if (reply && "error" in reply) reject(new Error(reply.error));
        else resolve(reply?.diagnostics);
      });
      worker.postMessage({ ...job, id });
    });
  }

  /** Ends the worker, if started: what it holds is released; jobs still waiting resolve to undefined. */
  stop(): void {
    const worker = this.#worker;
    this.#worker = undefined;
    if (worker) void worker.terminate();
    this.#settle();
  }

  #start(): Worker {
    const worker = new Worker(new URL(import.meta.url), { argv: [CHECK_WORKER_ARGUMENT] });
    worker.on("message", (reply: Reply) => {
      this.#waiting.get(reply.id)?.(reply);
      this.#waiting.delete(reply.id);
    });
    // A worker that fails or dies takes its jobs with it; the next job starts another. One that was stopped
    // settled its jobs then.
    const ended = (error?: Error) => {
      if (this.#worker !== worker) return;
      this.#worker = undefined;
      this.#settle(error);
    };
    worker.on("error", ended);
    worker.on("exit", () => ended());
    // Waiting on the worker never keeps the server alive once the client has gone.
    worker.unref();
    this.#worker = worker;
    return worker;
  }

  #settle(error?: Error): void {
    for (const settle of this.#waiting.values()) settle(error ? { id: 0, error: error.message } : undefined);
    this.#waiting.clear();
  }
}
