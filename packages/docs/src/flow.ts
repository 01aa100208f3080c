import { diagram, GraphBuilder } from "./diagram.js";
import type { BoxDocs, ChannelDocs, Diagram, MetadataDocs } from "./model.js";

interface Page {
  readonly boxes: readonly BoxDocs[];
  readonly metadata: readonly MetadataDocs[];
  readonly channels: readonly ChannelDocs[];
}

/** The page's two diagrams: how files flow, and what each metadata reads and feeds. */
export function flowDiagrams(page: Page): { files: Diagram; metadata: Diagram } {
  return { files: filesDiagram(page), metadata: metadataDiagram(page) };
}

/**
 * Archives to the boxes extracting from them (with ranks) and to what none takes, attachments to MAIN boxes,
 * MAIN boxes to channels: through a choice when there are several, since a pack group goes to one of them.
 */
function filesDiagram(page: Page): Diagram {
  const graph = new GraphBuilder();
  const boxNode = (box: BoxDocs) =>
    graph.node(
      `box:${box.anchor}`,
      [box.name, box.role === "archive" ? box.kind : `${box.kind}, ${box.role}`, box.elements.words],
      box.role === "archive" ? "archive" : "box",
    );
  const byName = new Map<string, BoxDocs>();
  for (const box of page.boxes) {
    if (!byName.has(box.name)) byName.set(box.name, box);
    boxNode(box);
  }
  const byAnchor = new Map(page.boxes.map((box) => [box.anchor, box]));
  const mains = page.boxes.filter((box) => box.role === "main");
  for (const box of page.boxes) {
    if (box.entries) {
      // An archive's edges in the order its takers are tried, then the one for the entries none takes.
      for (const taker of box.entries.takers) {
        const to = byAnchor.get(taker.anchor);
        if (to) graph.edge(boxNode(box), boxNode(to), `rank ${taker.rank}`);
      }
      const none = graph.node(`unmatched:${box.anchor}`, ["no box", "(entries no matcher takes)"], "leftover");
      graph.edge(boxNode(box), none, "no matcher takes it");
    }
    const archive = box.extraction ? byName.get(box.extraction.archive) : undefined;
    // A parent that is no archive box of the service (the linter's error) is drawn as it is.
    if (box.extraction && !archive?.entries) {
      const from = archive
        ? boxNode(archive)
        : graph.node(
            `missing:${box.extraction.archive}`,
            [box.extraction.archive, "not a box of the service"],
            "archive",
          );
      graph.edge(from, boxNode(box), `rank ${box.extraction.rank}`);
    }
    if (box.reconcile) {
      for (const main of mains) {
        graph.edge(boxNode(box), boxNode(main), `${box.reconcile.matches.words} per MAIN document`);
      }
    }
  }
  const channels = page.channels.map((channel) =>
    graph.node(`channel:${channel.anchor}`, [channel.label, channel.outputFiles.join(", ")], "channel"),
  );
  if (channels.length === 1) {
    for (const main of mains) graph.edge(boxNode(main), channels[0] as string);
  } else if (channels.length > 1) {
    const choice = graph.node("choice:channel", ["each pack group:", "one channel"], "choice");
    for (const main of mains) graph.edge(boxNode(main), choice);
    for (const channel of channels) graph.edge(choice, channel, "one of");
  }
  return diagram("How files flow", graph.build());
}

/** Sources (files, the organizational unit, requirements) to metadata, metadata to what reads them. */
function metadataDiagram(page: Page): Diagram {
  const graph = new GraphBuilder();
  const boxOf = new Map(page.boxes.map((box) => [box.name, box]));
  const metadataNode = (m: MetadataDocs) => {
    const group = boxOf.get(m.box)?.anchor ?? m.box;
    graph.group(group, `box ${m.box}`);
    return graph.node(`metadata:${m.anchor}`, [m.name], "box", group);
  };
  const byAnchor = new Map(page.metadata.map((m) => [m.anchor, m]));
  for (const m of page.metadata) metadataNode(m);
  for (const m of page.metadata) {
    const to = metadataNode(m);
    for (const read of m.reads) {
      const source = read.anchor === null ? undefined : byAnchor.get(read.anchor);
      const from =
        read.kind === "metadata" && source
          ? metadataNode(source)
          : graph.node(`${read.kind}:${read.words}`, [read.words], "source");
      graph.edge(from, to);
    }
    for (const use of m.usedBy) {
      if (use.kind !== "metadata") graph.edge(to, graph.node(`use:${use.words}`, [use.words], "use"));
    }
  }
  return diagram("What each metadata reads and feeds", graph.build());
}
