import type { Comment, LineIndex } from "@mailroom/syntax";

/** What the comment lookups read of a document: its lines and the comments its parse saw, in text order. */
export interface CommentedText {
  readonly lines: LineIndex;
  readonly source: { readonly comments: readonly Comment[] };
}

/**
 * The comment holding `offset` (from its `#` to just past its end), read from the comments the parse saw, so a
 * `#` inside a string or a block scalar is not taken for one. Comments are in text order: a binary search.
 */
export function commentAt(document: CommentedText, offset: number): Comment | undefined {
  const comments = document.source.comments;
  let low = 0;
  let high = comments.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const comment = comments[middle] as Comment;
    if (offset < comment.span.offset) high = middle - 1;
    else if (offset > comment.span.offset + comment.span.length) low = middle + 1;
    else return comment;
  }
  return undefined;
}

/** The comment alone on a 1-based line (nothing but blanks before its `#`), if any. */
export function lineComment(document: CommentedText, line: number): Comment | undefined {
  const lines = document.lines;
  if (line < 1 || line > lines.lineCount) return undefined;
  const start = lines.offset({ line, column: 1 });
  const indent = /^\s*/.exec(lines.lineText(line))?.[0].length ?? 0;
  const comment = commentAt(document, start + indent);
  return comment?.span.offset === start + indent ? comment : undefined;
}
