import { CONFIG, EXAMPLES, REPOSITORY } from "playground:examples";
import { defaultKeymap, history as editHistory, historyKeymap, indentWithTab } from "@codemirror/commands";
import { yaml } from "@codemirror/lang-yaml";
import { bracketMatching, HighlightStyle, indentOnInput, syntaxHighlighting } from "@codemirror/language";
import { LSPClient, languageServerExtensions, type Transport } from "@codemirror/lsp-client";
import { EditorState } from "@codemirror/state";
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from "@codemirror/view";
import { tags } from "@lezer/highlight";
import { diagnosticsWithFixes } from "./diagnostics.js";
import type { Answer, DroppedFile, EditedFiles, Request } from "./protocol.js";
import { EXAMPLE_OU, WORK_FOLDER } from "./protocol.js";
import { decodeState, encodeState, type SharedState } from "./share.js";

/*
 * The page: three editors (the service, its test file, the configuration) on mailroom's language server, which
 * runs in a worker with everything else; panes beside them show what the worker computes from the edited files.
 */

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

const worker = new Worker(new URL("worker.js", import.meta.url), { type: "module" });
// A worker that cannot start (a browser without module workers) or that fails leaves the editors dumb: the page
// says so rather than going quiet.
worker.addEventListener("error", (event) => {
  const reason = event.message ? ` (${event.message})` : "";
  $("notice").textContent = `The playground's worker stopped${reason}: reload the page to start again.`;
});

// Requests to the worker, answered in any order.
let nextId = 0;
const waiting = new Map<number, (answer: Answer) => void>();
worker.addEventListener("message", ({ data }: MessageEvent<{ id: number; reply: Answer }>) => {
  waiting.get(data.id)?.(data.reply);
  waiting.delete(data.id);
});
function ask<K extends Answer["kind"]>(
  request: Request,
  transfer: Transferable[] = [],
): Promise<Extract<Answer, { kind: K }> | Extract<Answer, { kind: "error" }>> {
  const id = ++nextId;
  return new Promise((resolve) => {
    waiting.set(id, resolve as (answer: Answer) => void);
    worker.postMessage({ id, request }, transfer);
  });
}

/** The language server's messages go over a port of their own. */
function lspTransport(): Transport {
  const channel = new MessageChannel();
  worker.postMessage({ kind: "lsp", port: channel.port2 }, [channel.port2]);
  const handlers = new Set<(message: string) => void>();
  channel.port1.onmessage = ({ data }) => {
    const text = JSON.stringify(data);
    for (const handler of handlers) handler(text);
  };
  return {
    send: (message) => channel.port1.postMessage(JSON.parse(message)),
    subscribe: (handler) => handlers.add(handler),
    unsubscribe: (handler) => handlers.delete(handler),
  };
}

const client = new LSPClient({
  rootUri: `file://${WORK_FOLDER}/`,
  // Rule pages open on the repository's docs, not in the playground.
  initializationOptions: { docsBase: `${REPOSITORY}/blob/main/docs/`, diagnosticsDelay: 150 },
  // The worker may be busy reading a PDF: a request waits for it.
  timeout: 20_000,
  // Before the package's own: its diagnostics come with no quick fixes.
  extensions: [diagnosticsWithFixes(), ...languageServerExtensions()],
}).connect(lspTransport());

type FileKey = "service" | "test" | "config";
const FILE_KEYS: readonly FileKey[] = ["service", "test", "config"];

const state = {
  names: { service: "", test: "", config: "mailroom.config.yaml" } as Record<FileKey, string>,
  views: new Map<FileKey, EditorView>(),
  shown: "service" as FileKey,
  pane: "json",
  dropped: [] as DroppedFile[],
  boxes: [] as string[],
};

const textOf = (key: FileKey): string => state.views.get(key)?.state.doc.toString() ?? "";

function editedFiles(): EditedFiles {
  return {
    service: { name: state.names.service, text: textOf("service") },
    test: { name: state.names.test, text: textOf("test") },
    config: textOf("config"),
  };
}

const theme = EditorView.theme({
  "&": { height: "100%", backgroundColor: "var(--editor)", color: "var(--ink)" },
  ".cm-gutters": { backgroundColor: "var(--panel)", color: "var(--muted)", borderRight: "1px solid var(--line)" },
  ".cm-activeLine, .cm-activeLineGutter": { backgroundColor: "var(--active)" },
  ".cm-content": { caretColor: "var(--ink)" },
});

/** YAML's colours, from the page's scheme (light or dark). */
const highlight = HighlightStyle.define([
  { tag: [tags.propertyName, tags.definition(tags.propertyName)], color: "var(--key)" },
  { tag: [tags.string, tags.special(tags.string), tags.content], color: "var(--string)" },
  { tag: [tags.number, tags.bool, tags.null, tags.atom], color: "var(--number)" },
  { tag: [tags.comment, tags.lineComment], color: "var(--comment)", fontStyle: "italic" },
  { tag: [tags.keyword, tags.typeName, tags.labelName, tags.meta], color: "var(--keyword)" },
]);

/** The editors of a set of files: each opened on the server under its name in the work folder. */
function openEditors(files: Record<FileKey, { name: string; text: string }>): void {
  for (const view of state.views.values()) view.destroy();
  state.views.clear();
  $("editors").replaceChildren();
  for (const key of FILE_KEYS) {
    state.names[key] = files[key].name;
    // Each editor in a box of its own, which is hidden when another file is shown.
    const slot = document.createElement("div");
    slot.className = "editor";
    slot.dataset.file = key;
    $("editors").append(slot);
    const view = new EditorView({
      parent: slot,
      state: EditorState.create({
        doc: files[key].text,
        extensions: [
          lineNumbers(),
          highlightActiveLineGutter(),
          editHistory(),
          drawSelection(),
          indentOnInput(),
          bracketMatching(),
          highlightActiveLine(),
          syntaxHighlighting(highlight),
          keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
          yaml(),
          theme,
          EditorView.contentAttributes.of({ "aria-label": files[key].name }),
          client.plugin(`file://${WORK_FOLDER}/${files[key].name}`),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) changed();
          }),
        ],
      }),
    });
    state.views.set(key, view);
    $(`tab-${key}`).textContent = files[key].name;
  }
  showFile(state.shown);
  changed();
}

function showFile(key: FileKey): void {
  state.shown = key;
  for (const [k, view] of state.views) (view.dom.parentElement as HTMLElement).hidden = k !== key;
  for (const k of FILE_KEYS) $(`tab-${k}`).setAttribute("aria-selected", String(k === key));
}

function showPane(name: string): void {
  state.pane = name;
  for (const button of document.querySelectorAll<HTMLElement>("[data-pane]")) {
    const on = button.dataset.pane === name;
    button.setAttribute("aria-selected", String(on));
    $(`pane-${button.dataset.pane}`).hidden = !on;
  }
  refresh();
}

/** Each change refreshes the pane shown once typing pauses; the worker does the work. */
let timer: ReturnType<typeof setTimeout> | undefined;
function changed(): void {
  clearTimeout(timer);
  timer = setTimeout(refresh, 250);
}

/** The answer to the last request of each kind only: an older one that comes late is dropped. */
const latest = new Map<string, number>();
async function current<K extends Answer["kind"]>(kind: K, request: Request) {
  const ticket = (latest.get(kind) ?? 0) + 1;
  latest.set(kind, ticket);
  const answer = await ask<K>(request);
  return latest.get(kind) === ticket ? answer : undefined;
}

const status = (id: string, text: string) => {
  $(id).textContent = text;
};

async function refresh(): Promise<void> {
  const files = editedFiles();
  // The issue link carries the state as it is now: it is a plain link, which the reader follows or not.
  void issueLink().then((href) => $<HTMLAnchorElement>("issue").setAttribute("href", href));
  const built = await current("build", { kind: "build", files });
  if (built?.kind === "build") {
    state.boxes = [...built.boxes];
    // A file dropped before the service's boxes were known (the worker still starting) goes to the first box, as
    // one dropped after would: left without a box, it would give no document at all.
    const [first] = state.boxes;
    if (first !== undefined) state.dropped = state.dropped.map((f) => (f.box === "" ? { ...f, box: first } : f));
    $("json").textContent = built.json ?? "";
    status(
      "json-status",
      built.json === undefined
        ? `No JSON: ${built.findings.filter((f) => / error /.test(f)).length} error(s).\n${built.findings.join("\n")}`
        : built.findings.length > 0
          ? built.findings.join("\n")
          : "",
    );
    renderDropped();
  }
  if (state.pane === "docs") {
    const docs = await current("docs", { kind: "docs", files });
    if (docs?.kind === "docs") {
      status("docs-status", docs.html === "" ? "No docs page: the file holds no service." : "");
      $<HTMLIFrameElement>("docs").srcdoc = docs.html;
    } else if (docs) status("docs-status", docs.message);
  } else if (state.pane === "file") await evaluate();
  else if (state.pane === "tests") await runTests();
}

async function evaluate(): Promise<void> {
  if (state.dropped.length === 0) {
    status("eval-status", "Drop PDF or ZIP files on the box above to see their values.");
    $("eval-text").textContent = "";
    $("eval-json").textContent = "";
    return;
  }
  status("eval-status", "Evaluating…");
  const now = $<HTMLInputElement>("now").value.trim();
  const ou = $<HTMLInputElement>("ou").checked ? EXAMPLE_OU : "";
  const answer = await current("eval", { kind: "eval", files: editedFiles(), dropped: state.dropped, now, ou });
  if (!answer) return;
  if (answer.kind === "error") return status("eval-status", answer.message);
  $("eval-text").textContent = answer.text ?? "";
  $("eval-json").textContent = answer.json ?? "";
  status("eval-status", answer.findings.join("\n"));
}

async function runTests(): Promise<void> {
  status("tests-status", "Running…");
  const answer = await current("test", { kind: "test", files: editedFiles() });
  if (!answer) return;
  if (answer.kind === "error") return status("tests-status", answer.message);
  const list = $("tests");
  list.replaceChildren(
    ...answer.cases.map((c) => {
      const item = document.createElement("li");
      item.className = c.status;
      item.textContent = `${c.status === "passed" ? "✓" : "✗"} ${c.name} (${c.status})`;
      for (const detail of c.details) {
        const line = document.createElement("div");
        line.textContent = detail;
        item.append(line);
      }
      return item;
    }),
  );
  const passed = answer.cases.filter((c) => c.status === "passed").length;
  status("tests-status", [...answer.findings, `${passed} of ${answer.cases.length} case(s) passed`].join("\n"));
}

/** The files dropped, each with the box it goes to. */
function renderDropped(): void {
  $("dropped").replaceChildren(
    ...state.dropped.map((file, i) => {
      const row = document.createElement("li");
      const label = document.createElement("label");
      label.textContent = `${file.name} → `;
      const select = document.createElement("select");
      select.setAttribute("aria-label", `box of ${file.name}`);
      for (const box of state.boxes.includes(file.box) ? state.boxes : [file.box, ...state.boxes]) {
        select.append(new Option(box, box, false, box === file.box));
      }
      select.addEventListener("change", () => {
        state.dropped[i] = { name: file.name, box: select.value };
        void evaluate();
      });
      label.append(select);
      const remove = document.createElement("button");
      remove.textContent = "Remove";
      remove.addEventListener("click", () => {
        state.dropped.splice(i, 1);
        renderDropped();
        void evaluate();
      });
      row.append(label, remove);
      return row;
    }),
  );
}

async function drop(files: Iterable<File>): Promise<void> {
  for (const file of files) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    await ask({ kind: "drop", name: file.name, bytes }, [bytes.buffer]);
    // A file named like one dropped before takes its place; a new one goes to the first box.
    const box = state.dropped.find((f) => f.name === file.name)?.box ?? state.boxes[0] ?? "";
    state.dropped = [...state.dropped.filter((f) => f.name !== file.name), { name: file.name, box }];
  }
  renderDropped();
  showPane("file");
}

function sharedState(): SharedState {
  const files = editedFiles();
  return { ...files, now: $<HTMLInputElement>("now").value, ou: $<HTMLInputElement>("ou").checked, pane: state.pane };
}

async function share(): Promise<void> {
  const hash = await encodeState(sharedState());
  history.replaceState(null, "", hash);
  const link = $<HTMLInputElement>("share-link");
  link.value = location.href;
  link.hidden = false;
  link.select();
  await navigator.clipboard?.writeText(location.href).catch(() => {});
}

/** An issue on the repository, its body the share link and the service: the bug as the reporter saw it. */
async function issueLink(): Promise<string> {
  const page = new URL(location.href);
  page.hash = await encodeState(sharedState());
  const service = textOf("service");
  // Browsers and servers cut URLs of tens of kilobytes: a long service is only in the link.
  const shown = service.length > 4000 ? `${service.slice(0, 4000)}\n# (cut: the link above has all of it)` : service;
  const body = `What I did, what I expected, what happened:\n\n\n[Playground state](${page.href})\n\n\`${state.names.service}\`:\n\`\`\`yaml\n${shown}\n\`\`\`\n`;
  return `${REPOSITORY}/issues/new?${new URLSearchParams({ title: "Playground: ", body })}`;
}

function loadExample(name: string): void {
  const example = EXAMPLES.find((e) => e.name === name) ?? (EXAMPLES[0] as (typeof EXAMPLES)[number]);
  $<HTMLSelectElement>("example").value = example.name;
  openEditors({ service: example.service, test: example.test, config: { name: "mailroom.config.yaml", text: CONFIG } });
}

async function start(): Promise<void> {
  const picker = $<HTMLSelectElement>("example");
  for (const example of EXAMPLES) picker.append(new Option(example.name, example.name));
  picker.addEventListener("change", () => {
    history.replaceState(null, "", location.pathname + location.search);
    loadExample(picker.value);
  });
  for (const key of FILE_KEYS) $(`tab-${key}`).addEventListener("click", () => showFile(key));
  for (const button of document.querySelectorAll<HTMLElement>("[data-pane]")) {
    button.addEventListener("click", () => showPane(button.dataset.pane as string));
  }
  $("share").addEventListener("click", () => void share());
  $("now").addEventListener("change", () => void evaluate());
  $("ou").addEventListener("change", () => void evaluate());

  const box = $("drop");
  const input = $<HTMLInputElement>("files");
  input.addEventListener("change", () => {
    if (input.files) void drop(input.files);
    input.value = "";
  });
  box.addEventListener("dragover", (event) => {
    event.preventDefault();
    box.classList.add("over");
  });
  box.addEventListener("dragleave", () => box.classList.remove("over"));
  box.addEventListener("drop", (event) => {
    event.preventDefault();
    box.classList.remove("over");
    if (event.dataTransfer) void drop(event.dataTransfer.files);
  });

  const { state: shared, problem } = await decodeState(location.hash);
  if (problem) status("notice", problem);
  if (shared) {
    picker.append(new Option("(shared)", "", true, true));
    $<HTMLInputElement>("now").value = shared.now;
    $<HTMLInputElement>("ou").checked = shared.ou;
    openEditors({
      service: shared.service,
      test: shared.test,
      config: { name: "mailroom.config.yaml", text: shared.config },
    });
    showPane(shared.pane);
  } else {
    loadExample(EXAMPLES[0]?.name ?? "");
    showPane("json");
  }
  document.body.dataset.ready = "true";
}

void start();

// Kept for offline use once loaded (src/offline.js); a browser without service workers just goes online each time.
void navigator.serviceWorker?.register(new URL("offline.js", import.meta.url)).catch(() => {});
