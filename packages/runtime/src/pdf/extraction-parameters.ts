/** The settings of PDFBox's `PDFTextStripper` that text by area honours, with PDFBox's defaults. */
export interface ExtractionOptions {
  readonly sortByPosition: boolean;
  readonly suppressDuplicateOverlappingText: boolean;
  readonly spacingTolerance: number;
  readonly averageCharTolerance: number;
}

export const defaultExtractionOptions: ExtractionOptions = {
  sortByPosition: false,
  suppressDuplicateOverlappingText: true,
  spacingTolerance: Math.fround(0.5),
  averageCharTolerance: Math.fround(0.3),
};

const booleanKeys = ["sortByPosition", "suppressDuplicateOverlappingText"] as const;
const floatKeys = ["spacingTolerance", "averageCharTolerance"] as const;

/** What `Float.parseFloat` accepts, less hexadecimal floats, NaN and the infinities. */
const javaFloat = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?[fFdD]?$/;

/**
 * Reads `extractionParameters` (names of `PDFTextStripper` setters, values as text). A key that text by area does
 * not honour, or a value PDFBox would read differently from what it says, is a problem rather than a silent
 * difference.
 */
export function parseExtractionParameters(
  parameters: Readonly<Record<string, string>> = {},
): { ok: true; options: ExtractionOptions } | { ok: false; problem: string } {
  const options: { -readonly [K in keyof ExtractionOptions]: ExtractionOptions[K] } = { ...defaultExtractionOptions };
  for (const [key, value] of Object.entries(parameters)) {
    if ((booleanKeys as readonly string[]).includes(key)) {
      const text = value.toLowerCase();
      if (text !== "true" && text !== "false") {
        return { ok: false, problem: `extraction parameter "${key}" is "${value}"; expected "true" or "false"` };
      }
      options[key as (typeof booleanKeys)[number]] = text === "true";
    } else if ((floatKeys as readonly string[]).includes(key)) {
      const text = value.trim();
      if (!javaFloat.test(text)) {
        return { ok: false, problem: `extraction parameter "${key}" is "${value}"; expected a decimal number` };
      }
      options[key as (typeof floatKeys)[number]] = Math.fround(Number.parseFloat(text));
    } else {
      const known = [...booleanKeys, ...floatKeys].map((k) => `"${k}"`).join(", ");
      return { ok: false, problem: `extraction parameter "${key}" is not one mailroom reads; it reads ${known}` };
    }
  }
  return { ok: true, options };
}
