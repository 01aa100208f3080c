/** A generated part of a page of docs/: its file (from the repository root), its marker name and its text. */
export interface GeneratedPart {
  readonly file: string;
  readonly name: string;
  readonly render: () => string | Promise<string>;
}
export const GENERATED: GeneratedPart[];
/** The page's text with the named part replaced by `content`; throws when the markers are missing. */
export function splice(text: string, name: string, content: string): string;
