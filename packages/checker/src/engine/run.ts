import {
  indexSymbols,
  printExpression,
  type ServiceSource,
  type SourceDocument,
  type SymbolIndex,
} from "@mailroom/compiler";
import type { Service } from "@mailroom/model";
import {
  type Diagnostic,
  diagnostic,
  type Fix,
  fillTemplate,
  isJsonObject,
  type Severity,
  type Span,
  type TextEdit,
  type Wanted,
} from "@mailroom/syntax";
import { expressionsByType, indexExpressions, referencesByNamespace } from "./expressions.js";
import type { HeldBack } from "./held-back.js";
import { MetadataScope } from "./metadata-scope.js";
import type {
  ExpressionNode,
  Json,
  MessageRef,
  Path,
  Reference,
  Report,
  Rule,
  RuleContext,
  RuleMessages,
} from "./rule.js";

/** How a rule runs for one file: its severity (or off) and its options. */
export interface RuleSettings {
  readonly severity: Severity | "off";
  readonly options?: unknown;
}

/** The settings of each rule for one file; a rule not listed runs with its defaults. */
export type RuleSettingsMap = Readonly<Record<string, RuleSettings | undefined>>;

/**
 * Offset, in the source token at `span`, of character `index` of the value it spells: a JSON or expression
 * string (`\uXXXX` spells one character with six, any other escape with two), a single-quoted expression
 * string (only `\'` and `\\` are escapes), a regex literal (only `\/` is). A token inside a quoted YAML
 * scalar is read as written: its YAML escapes are not undone here.
 */
export function sourceOffset(text: string, span: Span, index: number): number {
  const quote = text[span.offset];
  if (quote !== '"' && quote !== "/" && quote !== "'") return span.offset + index;
  const escapes = quote === '"' ? undefined : quote === "'" ? "'\\" : "/";
  let offset = span.offset + 1;
  for (let i = 0; i < index && offset < span.offset + span.length; i++) {
    const next = text[offset + 1] ?? "";
    if (text[offset] !== "\\" || (escapes !== undefined && !escapes.includes(next))) offset++;
    else offset += next === "u" && quote === '"' ? 6 : 2;
  }
  return offset;
}

/** A value as YAML text that reads back as the same value: plain when safe, JSON-quoted otherwise. */
function yamlScalar(value: unknown): string {
  if (typeof value !== "string") return JSON.stringify(value);
  const plain = /^[A-Za-z_][A-Za-z0-9_.\-/]*$/.test(value) && !/^(true|false|null|yes|no|on|off|~)$/i.test(value);
  return plain ? value : JSON.stringify(value);
}

const isPlainObject = (value: unknown): value is Json => isJsonObject(value);

/**
 * The edits that turn the JSON value at `path` into `value`, touching only what differs: an object with the
 * same keys, or an array of the same length, is edited member by member, so that the layout of the rest (its
 * indentation, its line breaks) stays as written; anything else is replaced whole, on one line.
 */
function jsonEdits(service: ServiceSource, path: Path, current: unknown, value: unknown): TextEdit[] {
  const keys = (object: Json) => Object.keys(object).sort().join("\u0000");
  if (isPlainObject(current) && isPlainObject(value) && keys(current) === keys(value)) {
    return Object.keys(value).flatMap((key) => jsonEdits(service, [...path, key], current[key], value[key]));
  }
  if (Array.isArray(current) && Array.isArray(value) && current.length === value.length) {
    return value.flatMap((item, i) => jsonEdits(service, [...path, i], current[i], item));
  }
  if (JSON.stringify(current) === JSON.stringify(value)) return [];
  return [{ span: service.locate(path).span, newText: JSON.stringify(value) }];
}

/** The text of one of a rule's messages, its placeholders filled; an unknown id throws (a bug in the rule). */
function say(messages: RuleMessages, ref: MessageRef): string {
  const template = messages[ref.messageId];
  if (template === undefined) throw new Error(`no message "${ref.messageId}"`);
  return fillTemplate(template, ref.data);
}

function renderFix(
  document: SourceDocument,
  service: ServiceSource,
  report: Report,
  messages: RuleMessages,
): Fix | undefined {
  const fix = report.fix;
  if (!fix) return undefined;
  const description = say(messages, fix);
  const location = service.locate(fix.path);
  if (location.depth < fix.path.length) return undefined; // only values that are written somewhere
  const value = fix.value as Json | null;
  const isExpression = typeof value?.["@type"] === "string" && /^ex[vb]\./.test(value["@type"] as string);
  if (document.format === "json") {
    const current = fix.path.reduce<unknown>((at, key) => (at as Json | null | undefined)?.[key], service.json);
    const edits = jsonEdits(service, fix.path, current, fix.value);
    return edits.length > 0 ? { description, edits } : undefined;
  }
  let newText: string;
  const written = document.text[location.span.offset];
  if (written === "{" || written === "[") {
    // Raw JSON written as a YAML mapping (an expression in its JSON form, a channel field): JSON is YAML too.
    newText = JSON.stringify(fix.value);
  } else if (isExpression) {
    // An expression inside a box reads that box by default: print it in that box's context.
    const inBox = fix.path[0] === "properties" && fix.path[1] === "boxes" && typeof fix.path[2] === "number";
    const box = inBox ? (service.json as Service).properties.boxes[fix.path[2] as number] : undefined;
    newText = printExpression(fix.value as never, box ? { box: { name: box.name, main: box.main === true } } : {});
  } else if (typeof fix.value === "object" && fix.value !== null) return undefined;
  else newText = yamlScalar(fix.value);
  return { description, edits: [{ span: location.span, newText }] };
}

/**
 * What the rules read of one service, each built once and shared by all of them; the symbols and the metadata
 * scope only on first read.
 */
class ServiceFacts {
  readonly service: Service;
  readonly expressions: readonly ExpressionNode[];
  readonly ofType: (types: Iterable<string>) => readonly ExpressionNode[];
  readonly references: (namespace: string) => readonly Reference[];
  #symbols: SymbolIndex | undefined;
  #metadata: MetadataScope | undefined;
  // By function then key; it lives as long as this service's check, so it holds only this service's values.
  readonly #memos = new Map<(key: string) => unknown, Map<string, unknown>>();

  constructor(readonly source: ServiceSource) {
    this.service = source.json as Service;
    this.expressions = indexExpressions(this.service);
    this.ofType = expressionsByType(this.expressions);
    this.references = referencesByNamespace(this.ofType);
  }

  get symbols(): SymbolIndex {
    this.#symbols ??= indexSymbols(this.source);
    return this.#symbols;
  }

  get metadata(): MetadataScope {
    this.#metadata ??= new MetadataScope(this.service);
    return this.#metadata;
  }

  memo<T>(compute: (key: string) => T, key: string): T {
    let byKey = this.#memos.get(compute);
    if (!byKey) {
      byKey = new Map();
      this.#memos.set(compute, byKey);
    }
    if (byKey.has(key)) return byKey.get(key) as T;
    const value = compute(key);
    byKey.set(key, value);
    return value;
  }
}

/** One rule's context: the shared facts, with the rule's options and report. A class: cheap to make per rule. */
class Context implements RuleContext {
  readonly service: Service;
  readonly source: ServiceSource;
  readonly expressions: readonly ExpressionNode[];
  readonly #facts: ServiceFacts;

  constructor(
    facts: ServiceFacts,
    readonly options: unknown,
    readonly report: (report: Report) => void,
  ) {
    this.#facts = facts;
    this.service = facts.service;
    this.source = facts.source;
    this.expressions = facts.expressions;
  }

  get symbols(): SymbolIndex {
    return this.#facts.symbols;
  }
  get metadata(): MetadataScope {
    return this.#facts.metadata;
  }
  ofType(types: Iterable<string>): readonly ExpressionNode[] {
    return this.#facts.ofType(types);
  }
  references(namespace: string): readonly Reference[] {
    return this.#facts.references(namespace);
  }
  memo<T>(compute: (key: string) => T, key: string): T {
    return this.#facts.memo(compute, key);
  }
}

/**
 * Runs the rules on one service that is valid against the model. Each report is located through the
 * service's source map (the narrowest span: a key, a value, a token inside a value) and takes the severity
 * configured for its rule; a rule turned off does not run at all. A report about a part of the service that is
 * held back, or pointing at one, depends on what that part would say if it were sound: it is not reported.
 * Only the reports `wanted` are built into diagnostics (their messages, fixes and related places).
 */
export function runRules(
  document: SourceDocument,
  service: ServiceSource,
  rules: readonly Rule[],
  settings: RuleSettingsMap = {},
  heldBack?: HeldBack,
  wanted?: Wanted,
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const facts = new ServiceFacts(service);
  for (const rule of rules) {
    const configured = settings[rule.meta.id];
    const severity = configured?.severity ?? rule.meta.severity;
    if (severity === "off") continue;
    try {
      rule.check(
        new Context(facts, configured?.options, (report) => {
          if (heldBack?.any && [report, ...(report.related ?? [])].some((r) => heldBack.holds(r.path))) return;
          const location = service.locate(report.path);
          let span: Span = report.at === "key" && location.keySpan ? location.keySpan : location.span;
          if (report.within && location.depth === report.path.length) {
            const start = sourceOffset(document.text, span, report.within.offset);
            const end = sourceOffset(document.text, span, report.within.offset + report.within.length);
            span = { offset: start, length: end - start };
          }
          if (wanted && !wanted(rule.meta.id, severity, span)) return;
          const { messages } = rule.meta;
          const fix = renderFix(document, service, report, messages);
          diagnostics.push({
            code: rule.meta.id,
            severity,
            message: say(messages, report),
            span,
            ...(report.related
              ? {
                  related: report.related.map((r) => {
                    const at = service.locate(r.path);
                    return { message: say(messages, r), span: at.keySpan ?? at.span };
                  }),
                }
              : {}),
            ...(fix ? { fix } : {}),
          });
        }),
      );
    } catch (error) {
      // A bug in one rule must not cost the user the other rules' findings, nor crash the command.
      const data = { rule: rule.meta.id, error: error instanceof Error ? error.message : String(error) };
      diagnostics.push(diagnostic("internal-error", "ruleFailed", data, service.locate([]).span));
    }
  }
  return diagnostics;
}

export type { Path };
