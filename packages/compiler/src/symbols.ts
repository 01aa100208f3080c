import type { Span } from "@mailroom/syntax";
import type { ServiceSource } from "./source.js";

type Json = Record<string, unknown>;
type Path = readonly (string | number)[];

export interface BoxSymbol {
  readonly name: string;
  readonly type: string;
  readonly main: boolean;
  readonly path: Path;
  /** Where the name is written. */
  readonly span: Span;
}
export interface MetadataSymbol {
  readonly box: string;
  readonly name: string;
  readonly path: Path;
  readonly span: Span;
}
export interface RankSymbol {
  /** The archive box extracted from (`parent.boxName`). */
  readonly archive: string;
  readonly rank: number;
  /** The box that extracts. */
  readonly box: string;
  readonly path: Path;
  readonly span: Span;
}
export interface ServiceFileSymbol {
  readonly id: string;
  readonly box: string;
  readonly path: Path;
  readonly span: Span;
}
export interface ChannelSymbol {
  readonly label: string;
  readonly path: Path;
  readonly span: Span;
}

/** The named things of a service and where each is written: what navigation, rename and rules look up. */
export interface SymbolIndex {
  readonly boxes: readonly BoxSymbol[];
  readonly metadata: readonly MetadataSymbol[];
  readonly ranks: readonly RankSymbol[];
  readonly serviceFiles: readonly ServiceFileSymbol[];
  readonly channels: readonly ChannelSymbol[];
}

const list = (value: unknown): Json[] =>
  Array.isArray(value) ? value.filter((v): v is Json => typeof v === "object" && v !== null) : [];

/**
 * Indexes a service's symbols from its JSON and source map, so JSON files and compiled DSL files give the
 * same index. One linear pass; entries of the wrong shape are skipped (validation reports them). A symbol's
 * span is located on first read: rules that only compare names never pay for positions.
 */
export function indexSymbols(service: ServiceSource): SymbolIndex {
  /** The symbol's fields, with `span` the location of `path` + `key`, found on first read and kept. */
  const located = <T extends { readonly path: Path }>(fields: T, key: string): T & { readonly span: Span } => {
    let span: Span | undefined;
    return Object.defineProperty(fields as T & { readonly span: Span }, "span", {
      get: () => {
        span ??= service.locate([...fields.path, key]).span;
        return span;
      },
      enumerable: true,
    });
  };
  const boxes: BoxSymbol[] = [];
  const metadata: MetadataSymbol[] = [];
  const ranks: RankSymbol[] = [];
  const serviceFiles: ServiceFileSymbol[] = [];
  const properties = (service.json as Json | null)?.properties as Json | undefined;

  list(properties?.boxes).forEach((box, i) => {
    const path = ["properties", "boxes", i];
    if (typeof box.name !== "string") return;
    const name = box.name;
    boxes.push(located({ name, type: String(box["@type"]), main: box.main === true, path }, "name"));
    list(box.metadatas).forEach((entry, j) => {
      if (typeof entry.name === "string") {
        metadata.push(located({ box: name, name: entry.name, path: [...path, "metadatas", j] }, "name"));
      }
    });
    const parent = box.parent as Json | null | undefined;
    if (parent && typeof parent.boxName === "string" && typeof parent.rank === "number") {
      ranks.push(located({ archive: parent.boxName, rank: parent.rank, box: name, path: [...path, "parent"] }, "rank"));
    }
    list(box.configuredFiles).forEach((file, j) => {
      if (typeof file.serviceFileId === "string") {
        serviceFiles.push(
          located({ id: file.serviceFileId, box: name, path: [...path, "configuredFiles", j] }, "serviceFileId"),
        );
      }
    });
  });
  const channels = list(properties?.channels).flatMap((channel, i) =>
    typeof channel.label === "string"
      ? [located({ label: channel.label, path: ["properties", "channels", i] }, "label")]
      : [],
  );
  return { boxes, metadata, ranks, serviceFiles, channels };
}
