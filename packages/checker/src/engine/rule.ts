import type { ServiceSource, SiteKind, SymbolIndex } from "@mailroom/compiler";
import type { Service } from "@mailroom/model";
import type { PathSegment, Severity, Span } from "@mailroom/syntax";
import type * as z from "zod";
import type { MetadataScope } from "./metadata-scope.js";

export type Path = readonly PathSegment[];
export type Json = Record<string, unknown>;

/**
 * Where the spec stands on a rule, which decides its default severity. It `states` the rule when the quoted
 * words, taken as written, make every input the rule reports invalid or impossible (a name that must exist, a
 * minimum above its maximum): an error. It `implies` it when the spec allows the input and the words only say
 * why it is likely a mistake (a field the spec does not show, a value it does not describe): a warning, since a
 * linter that calls allowed input an error loses its users.
 */
export interface Basis {
  readonly kind: "states" | "implies";
  /** The spec's heading the quote is under, so that a reader finds it. */
  readonly section: string;
  /** The spec's words, verbatim; the rule's page quotes them too. */
  readonly quote: string;
}

/** The default severity a basis gives: the one home of that choice. */
export const severityOf = (basis: Basis): Severity => (basis.kind === "states" ? "error" : "warning");

/**
 * A rule's messages by id: one sentence each, with `{{name}}` placeholders filled from a report's `data`.
 * Related information and fix descriptions are messages too. The engine fills them; an unknown id or a
 * placeholder without a value is a bug of the rule, reported as `internal-error` (and caught by the rule tests).
 */
export type RuleMessages = Readonly<Record<string, string>>;

/** One of the rule's messages by id, with the values of its placeholders. */
export interface MessageRef {
  readonly messageId: string;
  readonly data?: Readonly<Record<string, string | number>>;
}

/** What a rule is: the stable id (also its diagnostic code and doc page), default severity and purpose. */
export interface RuleMeta {
  /** kebab-case, stable forever; `docs/rules/<id>.md` documents it. */
  readonly id: string;
  /** Derived from `basis` by `defineRule`. */
  readonly severity: Severity;
  readonly basis: Basis;
  /** One sentence: what the rule checks. */
  readonly description: string;
  /** Schema of the rule's options in `mailroom.config.yaml`, when it has any. */
  readonly options?: z.ZodType;
  /** Whether some of its reports carry an unambiguous fix. */
  readonly fixable?: boolean;
  /** Its messages by id; reports name them. */
  readonly messages: RuleMessages;
}

export interface BoxInfo {
  readonly name: string;
  readonly type: string;
  readonly main: boolean;
  /** Index in `properties.boxes`. */
  readonly index: number;
}

export interface ExpressionSite {
  readonly kind: SiteKind;
  /** Path of the expression's root. */
  readonly path: Path;
  /** The box whose configuration holds it (none for channel conditions). */
  readonly box?: BoxInfo;
  /** The metadata it computes, for `metadata` sites. */
  readonly metadata?: string;
}

/** One node of an expression tree (`exv.*` or `exb.*`), with its path and site. */
export interface ExpressionNode {
  readonly node: Json & { readonly "@type": string };
  readonly path: Path;
  readonly site: ExpressionSite;
}

/** A reference (`exv.Reference`) whose identifier is a string: a name looked up in its namespace. */
export type Reference = ExpressionNode & { readonly node: { readonly identifier: string } };

/**
 * A fix: set the value at a path, described by one of the rule's messages. The engine turns it into a text
 * edit for the file's format.
 */
export interface ValueFix extends MessageRef {
  readonly path: Path;
  readonly value: unknown;
}

/** A finding: where, and which of the rule's messages says what is wrong (the ESLint shape). */
export interface Report extends MessageRef {
  /** The JSON path the problem is about. */
  readonly path: Path;
  /** Point at the key holding the value rather than the value (duplicate names, unknown keys). */
  readonly at?: "key" | "value";
  /** A span inside the located value, relative to its start (a token inside a regex string, say). */
  readonly within?: Span;
  readonly related?: readonly (MessageRef & { readonly path: Path })[];
  readonly fix?: ValueFix;
}

export interface RuleContext {
  /** The service, valid against the model (the parts of a service with errors are replaced by valid markers). */
  readonly service: Service;
  /**
   * Where the service comes from. A message naming a field or a value takes its words from `source.wording`, so
   * that it reads in the file's own words: `"page"` and `first` in a DSL file where the JSON has `"pages"` and 1.
   */
  readonly source: ServiceSource;
  /** The service's named things and where each is written (built on first read: most rules need none). */
  readonly symbols: SymbolIndex;
  /** Every expression node of the service, in document order, each with its site. */
  readonly expressions: readonly ExpressionNode[];
  /** Where each metadata name resolves from each box (built on first read, shared by the metadata rules). */
  readonly metadata: MetadataScope;
  /**
   * The expression nodes whose `@type` is one of `types` (indexed once per service): type by type, in the order
   * given, each type's in document order. The engine sorts the findings, so no rule needs them all in text order.
   */
  ofType(types: Iterable<string>): readonly ExpressionNode[];
  /** The references (`exv.Reference`, its identifier a string) of one namespace, in document order (indexed once). */
  references(namespace: string): readonly Reference[];
  /**
   * `compute(key)`, computed once per service and shared by every rule that asks with the same function and
   * key: a regular expression parsed once for the three rules that read it. `compute` must be pure.
   */
  memo<T>(compute: (key: string) => T, key: string): T;
  /** This rule's options from the configuration, already validated against `meta.options`. */
  readonly options: unknown;
  report(report: Report): void;
}

/**
 * A rule: declares what it is, then checks one service and reports. Rules do no I/O and never change the
 * service (the engine freezes it in tests); cross-references are collected first and resolved after.
 */
export interface Rule {
  readonly meta: RuleMeta;
  check(context: RuleContext): void;
}

/** A rule as written: its default severity is not written but derived from its basis. */
export interface RuleDefinition {
  readonly meta: Omit<RuleMeta, "severity">;
  check(context: RuleContext): void;
}

export const defineRule = ({ meta, check }: RuleDefinition): Rule => ({
  meta: { ...meta, severity: severityOf(meta.basis) },
  check,
});
