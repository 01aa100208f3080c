import { showControls } from "@mailroom/syntax";
import type { Diagram } from "./model.js";

/*
 * A diagram as a small graph, written two ways: Mermaid for Markdown (GitHub and GitLab draw it) and Graphviz
 * DOT, which the HTML view renders to SVG at generation time. Node ids are generated (`n0`, `n1`...), so no
 * name from a service can clash with either language's keywords; labels are escaped for each.
 */

export type Shape = "box" | "archive" | "channel" | "source" | "use" | "choice" | "leftover";

export interface GraphNode {
  readonly id: string;
  /** Lines of the label. */
  readonly label: readonly string[];
  readonly shape: Shape;
  /** The group (a box) drawn around it. */
  readonly group?: string;
}

export interface GraphEdge {
  readonly from: string;
  readonly to: string;
  readonly label?: string;
}

export interface Graph {
  readonly nodes: readonly GraphNode[];
  readonly edges: readonly GraphEdge[];
  /** Group id to its label, in drawing order. */
  readonly groups: ReadonlyMap<string, string>;
}

/** Builds a graph, giving each distinct key one node. */
export class GraphBuilder {
  readonly #nodes: GraphNode[] = [];
  readonly #edges: GraphEdge[] = [];
  readonly #keys = new Map<string, string>();
  readonly #seen = new Set<string>();
  readonly #groups = new Map<string, string>();

  /** The id of the node of `key`, added on first call. */
  node(key: string, label: readonly string[], shape: Shape, group?: string): string {
    let id = this.#keys.get(key);
    if (id === undefined) {
      id = `n${this.#nodes.length}`;
      this.#keys.set(key, id);
      this.#nodes.push({ id, label, shape, ...(group !== undefined && { group }) });
    }
    return id;
  }

  has(key: string): string | undefined {
    return this.#keys.get(key);
  }

  group(id: string, label: string): string {
    if (!this.#groups.has(id)) this.#groups.set(id, label);
    return id;
  }

  /** Adds an edge once, however often it is asked for. */
  edge(from: string, to: string, label?: string): void {
    const key = `${from}\u0000${to}\u0000${label ?? ""}`;
    if (this.#seen.has(key)) return;
    this.#seen.add(key);
    this.#edges.push({ from, to, ...(label !== undefined && { label }) });
  }

  build(): Graph {
    return { nodes: this.#nodes, edges: this.#edges, groups: this.#groups };
  }
}

// Mermaid reads entity codes in quoted labels; a raw quote, `#`, `<` or `&` would end or alter the label.
const mermaidText = (value: string): string =>
  showControls(value.replace(/[#"<>&`]/g, (c) => `#${c.codePointAt(0)};`).replace(/[\r\n]+/g, " "), "\t");

const MERMAID_SHAPES: Readonly<Record<Shape, [string, string]>> = {
  box: ["[", "]"],
  archive: ["[(", ")]"],
  channel: ["([", "])"],
  source: ["[/", "/]"],
  use: ["{{", "}}"],
  choice: ["{", "}"],
  leftover: [">", "]"],
};

export function toMermaid(graph: Graph): string {
  const lines = ["flowchart LR"];
  const node = (n: GraphNode, indent: string) => {
    const [open, close] = MERMAID_SHAPES[n.shape];
    lines.push(`${indent}${n.id}${open}"${n.label.map(mermaidText).join("<br>")}"${close}`);
  };
  for (const n of graph.nodes) if (n.group === undefined) node(n, "  ");
  [...graph.groups].forEach(([id, label], i) => {
    lines.push(`  subgraph g${i}["${mermaidText(label)}"]`);
    for (const n of graph.nodes) if (n.group === id) node(n, "    ");
    lines.push("  end");
  });
  for (const e of graph.edges) {
    lines.push(`  ${e.from} -->${e.label === undefined ? "" : `|"${mermaidText(e.label)}"|`} ${e.to}`);
  }
  return lines.join("\n");
}

/*
 * One line of a DOT quoted string. Graphviz reads a backslash as an escape (`\N` is the node's id), a quote as the
 * end, `&...;` as an entity and NUL as the end of its input; other control characters would go into the SVG, where
 * XML forbids them, and a lone surrogate is no UTF-8. So: backslashes and quotes escaped, `&` written as its entity,
 * line breaks and tabs made spaces, the other control characters shown (showControls: NUL as U+2400), a lone
 * surrogate as U+FFFD. An empty line is a space: viz.js crashes on a label whose first line is empty.
 */
const dotLine = (value: string): string =>
  showControls(
    value
      .replace(/[\\"]/g, (c) => `\\${c}`)
      .replace(/&/g, "&amp;")
      .replace(/[\r\n\t]+/g, " ")
      .replace(/\p{Cs}/gu, "\ufffd"),
  ) || " ";

const dotText = (value: string): string => `"${dotLine(value)}"`;

const DOT_SHAPES: Readonly<Record<Shape, string>> = {
  box: 'shape=box, style="rounded"',
  archive: "shape=cylinder",
  channel: 'shape=box, style="rounded,bold"',
  source: "shape=parallelogram",
  use: "shape=hexagon",
  choice: "shape=diamond",
  leftover: 'shape=box, style="dashed"',
};

export function toDot(graph: Graph, title: string): string {
  const lines = [
    `digraph ${dotText(title)} {`,
    "  rankdir=LR;",
    '  graph [fontname="Helvetica,Arial,sans-serif", fontsize=12];',
    '  node [fontname="Helvetica,Arial,sans-serif", fontsize=12];',
    '  edge [fontname="Helvetica,Arial,sans-serif", fontsize=11];',
  ];
  // A DOT label joins lines with `\n` (centred): the text of each line is escaped first.
  const label = (parts: readonly string[]) => `"${parts.map(dotLine).join("\\n")}"`;
  const node = (n: GraphNode, indent: string) =>
    lines.push(`${indent}${n.id} [label=${label(n.label)}, ${DOT_SHAPES[n.shape]}];`);
  for (const n of graph.nodes) if (n.group === undefined) node(n, "  ");
  [...graph.groups].forEach(([id, groupLabel], i) => {
    lines.push(`  subgraph cluster_${i} {`, `    label=${dotText(groupLabel)};`, '    style="rounded,dashed";');
    for (const n of graph.nodes) if (n.group === id) node(n, "    ");
    lines.push("  }");
  });
  for (const e of graph.edges) {
    lines.push(`  ${e.from} -> ${e.to}${e.label === undefined ? "" : ` [label=${dotText(e.label)}]`};`);
  }
  lines.push("}");
  return lines.join("\n");
}

/**
 * Past this many nodes a diagram is a tangle no one reads, Graphviz takes long to lay it out, and GitHub's
 * Mermaid refuses the text (50,000 characters at most): the page says so instead of drawing it.
 */
export const MAX_DIAGRAM_NODES = 150;

export function diagram(title: string, graph: Graph): Diagram {
  if (graph.nodes.length > MAX_DIAGRAM_NODES) {
    const omitted = `The diagram would have ${graph.nodes.length} nodes, more than ${MAX_DIAGRAM_NODES}: it is left out, the lists below say the same.`;
    return { title, empty: true, omitted, mermaid: "", dot: "" };
  }
  return { title, empty: graph.nodes.length === 0, omitted: null, mermaid: toMermaid(graph), dot: toDot(graph, title) };
}
