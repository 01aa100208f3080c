import { SITES_OF_TYPE, type SiteKind } from "@mailroom/compiler";
import type { Service } from "@mailroom/model";
import { nearest } from "@mailroom/syntax";
import {
  defineRule,
  type ExpressionSite,
  type Json,
  type MessageRef,
  type Rule,
  type RuleContext,
  type RuleDefinition,
} from "../../engine/rule.js";

/** The box target of a file or PDF expression, as written. */
export interface Target {
  readonly fromMain: boolean;
  readonly boxName: string | null | undefined;
}

export const targetOf = (node: Json): Target => ({
  fromMain: node.fromMain === true,
  boxName: typeof node.boxName === "string" ? node.boxName : (node.boxName as null | undefined),
});

/** `the MAIN box ("fromMain": true)`, `box "annexes"` or `no box (...)`: what a target reads, for messages. */
export function describeTarget(target: Target): string {
  if (target.fromMain) return 'the MAIN box ("fromMain": true)';
  if (typeof target.boxName === "string") return `box ${JSON.stringify(target.boxName)}`;
  return 'no box ("fromMain": false without a "boxName")';
}

/** The same expression reading another box; `boxName` is left out when reading the MAIN box. */
export function retarget(node: Json, fromMain: boolean, boxName?: string): Json {
  // Built by fromEntries, which keeps a raw expression's key such as "__proto__" as data.
  return Object.fromEntries(
    Object.entries(node).flatMap(([key, value]): [string, unknown][] => {
      if (key === "boxName") return [];
      if (key !== "fromMain") return [[key, value]];
      const target: [string, unknown][] = [[key, fromMain]];
      return boxName === undefined ? target : [...target, ["boxName", boxName]];
    }),
  );
}

/** `metadata "ref" of box "annexes"`, `the reconcile condition of box "annexes"`...: where an expression sits. */
export function describeSite(site: ExpressionSite, service: Service): string {
  const box = site.box ? `box ${JSON.stringify(site.box.name)}` : "";
  switch (site.kind) {
    case "metadata":
      return `metadata ${JSON.stringify(site.metadata)} of ${box}`;
    case "reconcile":
      return `the reconcile condition of ${box}`;
    case "file-matcher":
      return `the file matcher of ${box}`;
    case "channel": {
      const index = site.path[2];
      const label = typeof index === "number" ? service.properties.channels[index]?.label : undefined;
      return label === undefined ? "a channel" : `channel ${JSON.stringify(label)}`;
    }
  }
}

/**
 * The nearest candidate to a misspelt word, and whether it is the only plausible one (the only candidate
 * close enough to be a typo), which is when a fix is unambiguous.
 */
export function nearMatch(word: string, candidates: Iterable<string>): { suggestion?: string; unique: boolean } {
  const close: string[] = [];
  for (const candidate of new Set(candidates)) if (nearest(word, [candidate]) !== undefined) close.push(candidate);
  const suggestion = nearest(word, close);
  return suggestion === undefined ? { unique: false } : { suggestion, unique: close.length === 1 };
}

/**
 * A rule that expressions of one `@type` appear only in the sites the function registry gives for it: the
 * shape shared by the rules on the archive path and the sheet count. Its message `misplaced` has the
 * placeholder `{{site}}`.
 */
export const siteRule = (meta: RuleDefinition["meta"], type: string): Rule => {
  const allowed: readonly SiteKind[] | undefined = SITES_OF_TYPE.get(type);
  if (!allowed) throw new Error(`No function of type ${type} is bound to sites`);
  return defineRule({
    meta,
    check(context) {
      for (const { path, site } of context.ofType([type])) {
        if (allowed.includes(site.kind)) continue;
        context.report({ path, messageId: "misplaced", data: { site: describeSite(site, context.service) } });
      }
    },
  });
};

/** What to say of an unknown identifier: the message, and the identifier a fix would write, when one is safe. */
export type IdentifierJudgement = MessageRef & { readonly replacement?: string };

/**
 * Reports every reference of a namespace whose identifier is not `known`, as `judge` words it, with a fix to
 * its replacement (message `change`, placeholder `{{name}}`). Not in a channel condition: it is raw JSON in a
 * DSL file, where the engine would print the fix as DSL text.
 */
export function reportUnknownIdentifiers(
  context: RuleContext,
  namespace: string,
  known: ReadonlySet<string>,
  judge: (name: string) => IdentifierJudgement,
): void {
  for (const { node, path, site } of context.references(namespace)) {
    const name = node.identifier;
    if (known.has(name)) continue;
    const { replacement, ...message } = judge(name);
    context.report({
      path: [...path, "identifier"],
      ...message,
      ...(replacement !== undefined && site.kind !== "channel"
        ? {
            fix: {
              messageId: "change",
              data: { name: JSON.stringify(replacement) },
              path,
              value: { ...node, identifier: replacement },
            },
          }
        : {}),
    });
  }
}
