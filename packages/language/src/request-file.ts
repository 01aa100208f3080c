import type { CalledService, RequestKind } from "@mailroom/checker";
import { indexSymbols, isDslFile } from "@mailroom/compiler";
import {
  type Box,
  DEFAULT_OUTPUT_FILE,
  PART_NAME_FORMS,
  parsePartName,
  partName,
  serviceFilePart,
} from "@mailroom/model";
import { type PathSegment, parseJson, parseYaml, type Span, type SyntaxNode, spanEnd } from "@mailroom/syntax";
import type { CompletionItem, CompletionList, Hover, Place } from "./types.js";

/*
 * Editor help in request files (`*.job.yaml`, `*.delivery.yaml`): the names a job or a command takes from the
 * service it calls (part names from its boxes, channel labels, output files, option values), what they stand for
 * on hover, and a jump to where the service declares them.
 */

/** What the cursor is on: the path to it, whether it is a key or a value, and the text it covers. */
interface AtCursor {
  readonly path: readonly PathSegment[];
  readonly on: "key" | "value";
  readonly span: Span;
  readonly node?: SyntaxNode;
}

const within = (span: Span, offset: number) => offset >= span.offset && offset <= spanEnd(span);

/** The deepest key or value at `offset` of a tree. */
function cursorIn(node: SyntaxNode, offset: number, path: PathSegment[] = []): AtCursor | undefined {
  if (node.kind === "object") {
    for (const property of node.properties) {
      if (within(property.keySpan, offset)) return { path: [...path, property.key], on: "key", span: property.keySpan };
      if (within(property.value.span, offset)) return cursorIn(property.value, offset, [...path, property.key]);
    }
    return undefined;
  }
  if (node.kind === "array") {
    for (const [i, item] of node.items.entries()) {
      if (within(item.span, offset)) return cursorIn(item, offset, [...path, i]);
    }
    return { path, on: "value", span: { offset, length: 0 }, node };
  }
  return within(node.span, offset) ? { path, on: "value", span: node.span, node } : undefined;
}

/** The tree of a request file's text (YAML by its name, else JSON). */
function treeOf(file: string, text: string): SyntaxNode | undefined {
  return isDslFile(file) ? parseYaml(text).root : parseJson(text).tree();
}

/** The cursor in a request file. */
function cursorAt(file: string, text: string, offset: number): AtCursor | undefined {
  const tree = treeOf(file, text);
  if (!tree) return undefined;
  return cursorIn(tree, offset);
}

const same = (path: readonly PathSegment[], prefix: readonly PathSegment[]) =>
  path.length === prefix.length && prefix.every((segment, i) => path[i] === segment);

/** Whether the cursor is on a key of the map at `map`, or a scalar standing where one is typed. */
const keyOf = (at: AtCursor, map: readonly PathSegment[]) =>
  (at.on === "key" && at.path.length === map.length + 1 && same(at.path.slice(0, -1), map)) ||
  (at.on === "value" && at.node?.kind === "scalar" && same(at.path, map));

/** A quoted key or value where it needs quotes in YAML (spaces, dashes, colons...); JSON strings always are. */
const written = (file: string, value: string) =>
  !isDslFile(file) || !/^[A-Za-z0-9_./@][\w./@ -]*$/.test(value) || /[:#]|\s$/.test(value)
    ? JSON.stringify(value)
    : value;

function item(file: string, label: string, kind: CompletionItem["kind"], span: Span, detail?: string): CompletionItem {
  return { label, kind, span, insertText: written(file, label), filterText: label, ...(detail && { detail }) };
}

const boxWords = (box: Box): string =>
  `${box["@type"].replace("box.", "")} box, ${box["@type"] !== "box.ARCHIVE" && box.main ? "MAIN" : "attachment"}, ` +
  `${box.minElements} to ${box.maxElements === -1 ? "any number of" : box.maxElements} file(s)`;

/** Completion in a request file, from the service it calls. */
export function completeRequest(
  file: string,
  text: string,
  kind: RequestKind,
  offset: number,
  called: CalledService | undefined,
  optionValues: readonly string[] = [],
): CompletionList {
  const at = cursorAt(file, text, offset);
  const empty = { items: [], incomplete: false };
  if (!at || !called) return empty;
  const { service } = called;
  const { span } = at;
  const items: CompletionItem[] = [];
  if (kind === "job") {
    if (keyOf(at, ["parts"])) {
      const form = Object.keys(PART_NAME_FORMS)[0] as keyof typeof PART_NAME_FORMS;
      const taken = new Set(Object.keys(jobParts(file, text)));
      for (const box of service.properties.boxes) {
        if (box["@type"] !== "box.ARCHIVE" && box.parent != null) continue;
        let n = 0;
        while (taken.has(partName(form, box.name, n))) n++;
        items.push(item(file, partName(form, box.name, n), "box", span, boxWords(box)));
        if (box["@type"] === "box.ARCHIVE") continue;
        box.configuredFiles.forEach((configured, i) => {
          if (typeof configured.serviceFileId !== "string") return;
          items.push(item(file, serviceFilePart(box.name, i), "box", span, `stored file ${configured.serviceFileId}`));
        });
      }
    } else if (at.on === "value" && at.path.length === 2 && at.path[0] === "parts") {
      const parsed = parsePartName(String(at.path[1]));
      const box = service.properties.boxes.find((b) => b.name === parsed?.box);
      if (parsed?.kind === "service-file" && box && box["@type"] !== "box.ARCHIVE") {
        for (const configured of box.configuredFiles) {
          if (typeof configured.serviceFileId === "string")
            items.push(item(file, configured.serviceFileId, "value", span));
        }
      }
    } else if (keyOf(at, ["parameters", "splitConfiguration"])) {
      for (const box of service.properties.boxes) {
        if (box["@type"] === "box.PDF" && box.splitConfig?.editable === true)
          items.push(item(file, box.name, "box", span));
      }
    } else if (at.on === "value" && same(at.path, ["parameters", "serviceId"])) {
      items.push(item(file, String(service.id), "value", span, service.name));
    }
  } else if (kind === "delivery") {
    const options = ["command", "serviceChannelOptions"];
    if (keyOf(at, options)) {
      for (const channel of service.properties.channels) {
        const name = typeof channel.name === "string" ? `name ${channel.name}` : undefined;
        items.push(item(file, channel.label, "identifier", span, name));
      }
    } else if (at.path.length >= 3 && same(at.path.slice(0, 2), options)) {
      const channel = service.properties.channels.find((c) => c.label === at.path[2]);
      if (channel && keyOf(at, [...options, channel.label])) {
        for (const output of channel.outputFilesConfig)
          items.push(item(file, output.name ?? DEFAULT_OUTPUT_FILE, "key", span));
      } else if (channel && at.on === "value" && at.path.length >= 4) {
        const own = Array.isArray(channel.options) ? (channel.options as { value?: unknown }[]) : [];
        const values =
          optionValues.length > 0 ? optionValues : own.flatMap((o) => (typeof o.value === "string" ? [o.value] : []));
        for (const value of [...new Set(values)])
          items.push(item(file, value, "enum", at.node?.kind === "array" ? { offset, length: 0 } : span));
      }
    }
  }
  return { items, incomplete: false };
}

/** The `parts` of a job file's text as written so far. */
function jobParts(file: string, text: string): Record<string, unknown> {
  const tree = treeOf(file, text);
  if (tree?.kind !== "object") return {};
  const parts = tree.properties.find((p) => p.key === "parts")?.value;
  return parts?.kind === "object" ? Object.fromEntries(parts.properties.map((p) => [p.key, true])) : {};
}

/** What a part's box or a channel label stands for, on hover. */
export function hoverRequest(
  file: string,
  text: string,
  kind: RequestKind,
  offset: number,
  called: CalledService | undefined,
): Hover | undefined {
  const at = cursorAt(file, text, offset);
  if (!at || !called || at.on !== "key") return undefined;
  const { service } = called;
  const name = String(at.path.at(-1));
  if (kind === "job" && at.path.length === 2 && (at.path[0] === "parts" || at.path[1] === "splitConfiguration")) {
    const boxName = at.path[0] === "parts" ? parsePartName(name)?.box : name;
    const box = service.properties.boxes.find((b) => b.name === boxName);
    if (!box) return undefined;
    const label = box.label ? ` — ${box.label}` : "";
    return {
      contents: `**Box \`${box.name}\`**${label}\n\n${boxWords(box)}, in service "${service.name}".`,
      span: at.span,
    };
  }
  if (kind === "delivery" && at.path.length === 3 && at.path[1] === "serviceChannelOptions") {
    const channel = service.properties.channels.find((c) => c.label === name);
    if (!channel) return undefined;
    const outputs = channel.outputFilesConfig.map((o) => `\`${o.name ?? DEFAULT_OUTPUT_FILE}\``).join(", ");
    const named = typeof channel.name === "string" ? ` (name \`${channel.name}\`)` : "";
    return {
      contents: `**Channel \`${channel.label}\`**${named}\n\nOutput files: ${outputs || "none"}.`,
      span: at.span,
    };
  }
  return undefined;
}

/** Where the service declares the box of a part or a split, or the channel of a label. */
export function requestDefinition(
  file: string,
  text: string,
  kind: RequestKind,
  offset: number,
  called: CalledService | undefined,
): Place[] {
  const at = cursorAt(file, text, offset);
  if (!at || !called || at.on !== "key") return [];
  const symbols = indexSymbols(called.source);
  const name = String(at.path.at(-1));
  if (kind === "job" && at.path.length === 2 && (at.path[0] === "parts" || at.path[1] === "splitConfiguration")) {
    const boxName = at.path[0] === "parts" ? parsePartName(name)?.box : name;
    return symbols.boxes.filter((b) => b.name === boxName).map((b) => ({ file: called.file, span: b.span }));
  }
  if (kind === "delivery" && at.path.length === 3 && at.path[1] === "serviceChannelOptions") {
    return symbols.channels.filter((c) => c.label === name).map((c) => ({ file: called.file, span: c.span }));
  }
  return [];
}
