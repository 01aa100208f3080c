import type { MetadataDefinition } from "../../engine/metadata-scope.js";
import { defineRule, type Path } from "../../engine/rule.js";

interface Edge {
  readonly to: number;
  /** Path of the reference (its identifier's is built only for a report). */
  readonly reference: Path;
}

/** Where an edge is reported: the reference's identifier. */
const identifierOf = (edge: Edge): Path => [...edge.reference, "identifier"];

/**
 * The strongly connected components of a graph given as adjacency lists that hold a cycle: those of several
 * nodes, and single nodes with an edge to themselves (Tarjan's algorithm with an explicit stack, so a long chain
 * of metadata costs no call stack). Linear in nodes plus edges.
 */
function components(edges: readonly (readonly Edge[])[]): number[][] {
  const count = edges.length;
  const index = new Array<number>(count).fill(-1);
  const low = new Array<number>(count).fill(0);
  const onStack = new Array<boolean>(count).fill(false);
  const stack: number[] = [];
  const result: number[][] = [];
  let next = 0;
  for (let root = 0; root < count; root++) {
    if (index[root] !== -1) continue;
    const work: [node: number, edge: number][] = [[root, 0]];
    index[root] = low[root] = next++;
    stack.push(root);
    onStack[root] = true;
    while (work.length > 0) {
      const frame = work[work.length - 1] as [number, number];
      const [node, position] = frame;
      const out = edges[node] as readonly Edge[];
      if (position < out.length) {
        frame[1]++;
        const to = (out[position] as Edge).to;
        if (index[to] === -1) {
          index[to] = low[to] = next++;
          stack.push(to);
          onStack[to] = true;
          work.push([to, 0]);
        } else if (onStack[to]) {
          low[node] = Math.min(low[node] as number, index[to] as number);
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low[parent[0]] = Math.min(low[parent[0]] as number, low[node] as number);
      if (low[node] === index[node] && stack[stack.length - 1] === node) {
        // A component of one node, the usual case: no array for it unless the node references itself.
        stack.pop();
        onStack[node] = false;
        if (out.some((edge) => edge.to === node)) result.push([node]);
      } else if (low[node] === index[node]) {
        const component: number[] = [];
        let member: number;
        do {
          member = stack.pop() as number;
          onStack[member] = false;
          component.push(member);
        } while (member !== node);
        result.push(component);
      }
    }
  }
  return result;
}

/** The shortest cycle through `start` inside `members` that visits another member: its edges in order. */
function shortestCycle(start: number, members: ReadonlySet<number>, edges: readonly (readonly Edge[])[]): Edge[] {
  const via = new Map<number, Edge & { from: number }>();
  const queue = [start];
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head] as number;
    for (const edge of edges[node] ?? []) {
      if (edge.to === node || !members.has(edge.to)) continue;
      if (edge.to === start) {
        const cycle: Edge[] = [edge];
        for (let at = node; at !== start; ) {
          const step = via.get(at) as Edge & { from: number };
          cycle.unshift(step);
          at = step.from;
        }
        return cycle;
      }
      if (via.has(edge.to)) continue;
      via.set(edge.to, { ...edge, from: node });
      queue.push(edge.to);
    }
  }
  return [];
}

/**
 * Metadata computed from each other in a circle can never be computed. The reference graph links a metadata
 * to the metadata each of its references reads: the box's own one when it has one (as the service looks
 * first in the current box), otherwise every MAIN box's one. Each cycle is reported once, at its member that
 * comes first in the document, with the other members' references as related locations (actionlint's
 * `needs` cycles): a self-reference on its own, and for a longer cycle the shortest one from that member.
 */
export const rule = defineRule({
  meta: {
    id: "metadata-cycle",
    basis: {
      kind: "states",
      section: "Box",
      quote: "references inside content are names of metadata of the current box or of MAIN boxes",
    },
    description: "Metadata do not reference each other in a cycle, nor themselves.",
    messages: {
      itself: "{{metadata}} references itself; a metadata cannot be computed from its own value.",
      cycle: "{{metadata}} depends on itself through the cycle {{cycle}}; metadata references must not form a cycle.",
      link: "{{metadata}} references {{name}} here.",
    },
  },
  check(context) {
    const scope = context.metadata;
    const definitions = scope.definitions;
    // The number of each definition, by box index then metadata index.
    const ids = new Map<number, number[]>();
    definitions.forEach((definition, i) => {
      const inBox = ids.get(definition.box) ?? [];
      inBox[definition.index] = i;
      ids.set(definition.box, inBox);
    });
    const id = (box: number, index: unknown) => (typeof index === "number" ? ids.get(box)?.[index] : undefined);
    const edges: Edge[][] = definitions.map(() => []);
    for (const expression of context.references("METADATA")) {
      const { path, site } = expression;
      if (site.kind !== "metadata" || !site.box) continue;
      const from = id(site.box.index, site.path[4]);
      if (from === undefined) continue;
      const found = scope.resolve(site.box.index, expression.node.identifier);
      const read = found[0]?.box === site.box.index ? found.slice(0, 1) : found;
      for (const definition of read) {
        const to = id(definition.box, definition.index) as number;
        (edges[from] as Edge[]).push({ to, reference: path });
      }
    }

    const describe = (definition: MetadataDefinition) =>
      `Metadata ${JSON.stringify(definition.name)} of box ${JSON.stringify(definition.boxName)}`;

    const ordered = components(edges)
      .map((component) => component.sort((a, b) => a - b))
      .sort((a, b) => (a[0] as number) - (b[0] as number));
    for (const component of ordered) {
      for (const member of component) {
        const self = (edges[member] as Edge[]).find((edge) => edge.to === member);
        if (!self) continue;
        context.report({
          path: identifierOf(self),
          messageId: "itself",
          data: { metadata: describe(definitions[member] as MetadataDefinition) },
        });
      }
      if (component.length < 2) continue;
      const first = component[0] as number;
      const cycle = shortestCycle(first, new Set(component), edges);
      const head = definitions[first] as MetadataDefinition;
      const names = [head, ...cycle.map((edge) => definitions[edge.to] as MetadataDefinition)].map((definition) =>
        definition.box === head.box
          ? JSON.stringify(definition.name)
          : `${JSON.stringify(definition.name)} (box ${JSON.stringify(definition.boxName)})`,
      );
      context.report({
        path: identifierOf(cycle[0] as Edge),
        messageId: "cycle",
        data: { metadata: describe(head), cycle: names.join(" -> ") },
        related: cycle.slice(1).map((edge, i) => {
          const from = definitions[(cycle[i] as Edge).to] as MetadataDefinition;
          const to = definitions[edge.to] as MetadataDefinition;
          return {
            path: identifierOf(edge),
            messageId: "link",
            data: { metadata: describe(from), name: JSON.stringify(to.name) },
          };
        }),
      });
    }
  },
});
