import { readSuppression, selectFixes } from "@mailroom/checker";
import type { SourceDocument } from "@mailroom/compiler";
import type { Diagnostic, Span } from "@mailroom/syntax";
import { lineComment } from "./comments.js";
import type { ParsedDocument } from "./document.js";
import { insideScalar } from "./outline.js";
import type { CodeAction } from "./types.js";

/**
 * What code actions read of a document: a service's (ParsedDocument), or a request file's, whose YAML takes
 * suppression comments too (its format then "dsl", as a YAML file is read).
 */
export type ActionDocument = Pick<ParsedDocument, "text" | "lines"> & {
  readonly source: Pick<SourceDocument, "format" | "comments" | "tree">;
};

const touches = (a: Span, b: Span) => a.offset <= b.offset + b.length && b.offset <= a.offset + a.length;

/**
 * The actions for the diagnostics at `span`: each fix a diagnostic carries (preferred when it is the only
 * one), "disable this rule for this line" in YAML (JSON has no comments), and "fix all" applying every fix
 * of all the diagnostics given that can be applied together, as `mailroom lint --fix` does in one pass.
 */
export function codeActions(document: ActionDocument, span: Span, diagnostics: readonly Diagnostic[]): CodeAction[] {
  const here = diagnostics.filter((d) => touches(d.span, span));
  const fixes = here.flatMap((d): CodeAction[] =>
    d.fix && d.fix.edits.length > 0
      ? [{ title: d.fix.description, kind: "quickfix", code: d.code, edits: d.fix.edits }]
      : [],
  );
  const actions: CodeAction[] = fixes.length === 1 ? fixes.map((a) => ({ ...a, preferred: true })) : fixes;
  if (document.source.format === "dsl") {
    const seen = new Set<string>();
    for (const d of here) {
      const key = `${d.code}@${document.lines.position(d.span.offset).line}`;
      if (d.code === "unused-suppression" || seen.has(key)) continue;
      seen.add(key);
      const action = disable(document, d);
      if (action) actions.push(action);
    }
  }
  const all = selectFixes(document.text.length, diagnostics);
  if (all.applied > 0) {
    actions.push({ title: "Fix all auto-fixable problems", kind: "source.fixAll", edits: all.edits });
  }
  return actions;
}

/**
 * `# mailroom-disable-next-line <code> -- ` above the diagnostic's line, indented like it, or the code added
 * to such a comment already there. None on a line inside a scalar of several lines, where a comment line would
 * become part of the text.
 */
function disable(document: ActionDocument, diagnostic: Diagnostic): CodeAction | undefined {
  const lines = document.lines;
  const line = lines.position(diagnostic.span.offset).line;
  const start = lines.offset({ line, column: 1 });
  const tree = document.source.tree();
  if (tree && insideScalar(tree, start)) return undefined;
  const title = `Disable ${diagnostic.code} for this line`;
  const comment = lineComment(document, line - 1);
  // A suppression of the next line already above it, its comment's own: the code is added to its list.
  const above = comment && readSuppression(comment.text);
  if (comment && above?.nextLine && above.start === 0 && above.codes[0]?.code) {
    if (above.codes.some(({ code }) => code === diagnostic.code)) return undefined;
    const edit = { span: { offset: comment.span.offset + above.codesEnd, length: 0 }, newText: `, ${diagnostic.code}` };
    return { title, kind: "quickfix", code: diagnostic.code, edits: [edit] };
  }
  const indent = /^[ \t]*/.exec(lines.lineText(line))?.[0] ?? "";
  const edit = {
    span: { offset: start, length: 0 },
    newText: `${indent}# mailroom-disable-next-line ${diagnostic.code} -- \n`,
  };
  return { title, kind: "quickfix", code: diagnostic.code, edits: [edit] };
}
