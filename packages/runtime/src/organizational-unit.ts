import { readSource } from "@mailroom/checker";
import type { Evaluated } from "@mailroom/java";
import { UNIT_REFERENCE_FIELDS } from "@mailroom/model";
import { isJsonObject, parseJson } from "@mailroom/syntax";

/**
 * The value of `ou.<identifier>` in an organizational unit as the API returns it (its JSON). A property the
 * unit does not have (absent or null, as the API returns unset properties) reads as an empty text.
 */
export function unitProperty(unit: unknown, identifier: string): Evaluated<string> {
  const property = UNIT_REFERENCE_FIELDS[identifier];
  if (!property) return { ok: false, problem: `the organizational unit has no property "${identifier}"` };
  const value = property.path.reduce<unknown>((at, key) => (isJsonObject(at) ? at[key] : undefined), unit);
  if (typeof value === "string") return { ok: true, value };
  if (typeof value === "number" && Number.isInteger(value)) return { ok: true, value: String(value) };
  if (value === undefined || value === null) return { ok: true, value: "" };
  return { ok: false, problem: `the organizational unit's ${property.what} is not a text` };
}

/** An organizational unit as the API returns it, read from a JSON file; or why it cannot be read or parsed. */
export async function readOrganizationalUnit(path: string): Promise<Evaluated<unknown>> {
  const source = await readSource(path, "JSON");
  if (!source.ok) return { ok: false, problem: source.message };
  const parsed = parseJson(source.text);
  const error = parsed.diagnostics.find((d) => d.severity === "error");
  return error ? { ok: false, problem: error.message } : { ok: true, value: parsed.value };
}
