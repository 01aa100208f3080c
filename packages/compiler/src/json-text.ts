/**
 * The JSON text of a compiled service, as `mailroom build` and `pull` write it and the playground shows it:
 * two-space indent, keys in the model's order, final newline.
 */
export const formatServiceJson = (json: unknown): string => `${JSON.stringify(json, null, 2)}\n`;
