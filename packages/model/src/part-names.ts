/**
 * The forms the API shows for the part of an uploaded file, by the name `--part-names` takes; the API leaves
 * which applies unsettled. `file__file` is the default: it is the one built like the part name the API does
 * state, `serviceFile__file_<BoxID>_<n>` (what the part carries, then `__file_<BoxID>_<n>`).
 */
export const PART_NAME_FORMS = {
  file__file: "file__file_<BoxID>_<n>",
  file_main: "file_main<BoxID>_<n>",
  file_file__: "file_file__{ID_PART}_<n>",
} as const;

export type PartNameForm = keyof typeof PART_NAME_FORMS;

export const DEFAULT_PART_NAME_FORM: PartNameForm = "file__file";

/** The part of the `n`th file (from 0) of a box in a form: `{ID_PART}` is read as the box's name. */
export const partName = (form: PartNameForm, box: string, n: number | "<n>"): string =>
  PART_NAME_FORMS[form].replace(/<BoxID>|\{ID_PART\}/, () => box).replace("<n>", () => String(n));

/** The part carrying the id of the `n`th stored file (from 0) of a box, the one part name the API states. */
export const serviceFilePart = (box: string, n: number): string => `serviceFile__file_${box}_${n}`;

/** A part name read: an uploaded file's (in one of the forms) or a stored file's, with its box and counter. */
export interface ParsedPartName {
  readonly kind: "file" | "service-file";
  readonly box: string;
  readonly n: number;
}

const PART = /^(file__file_|file_main|file_file__|serviceFile__file_)(.+)_(0|[1-9]\d{0,8})$/;

/** A file part's name read back into its box and counter; undefined for a name in no form the API shows. */
export function parsePartName(name: string): ParsedPartName | undefined {
  const match = PART.exec(name);
  if (!match) return undefined;
  const [, prefix, box = "", n = ""] = match;
  return { kind: prefix === "serviceFile__file_" ? "service-file" : "file", box, n: Number(n) };
}
