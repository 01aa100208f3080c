import { readSource } from "@mailroom/checker";
import type { Evaluated } from "@mailroom/java";
import { isJsonObject, parseJson } from "@mailroom/syntax";

type Json = Readonly<Record<string, unknown>>;
const object = (value: unknown): Json | undefined => (isJsonObject(value) ? value : undefined);

/** Each identifier an `ou.` reference may read: where the unit's JSON holds it, and what it is in words. */
const PROPERTIES: Readonly<Record<string, { readonly read: (unit: Json) => unknown; readonly what: string }>> = {
  EMAIL_ADDRESS: {
    read: (unit) => object(unit.properties)?.emailAddress,
    what: "e-mail address (properties.emailAddress)",
  },
  // A postal address is its lines; its country code is a field of its own that no reference reads.
  SENDER_ADDRESS: {
    read: (unit) => object(object(unit.properties)?.senderAddress)?.addressLines,
    what: "sender address (properties.senderAddress.addressLines)",
  },
  RETURN_ADDRESS: {
    read: (unit) => object(object(unit.properties)?.returnAddress)?.addressLines,
    what: "return address (properties.returnAddress.addressLines)",
  },
  SIRET: { read: (unit) => object(unit.properties)?.siret, what: "SIRET number (properties.siret)" },
  NAME: { read: (unit) => unit.name, what: "name (name)" },
  ID: { read: (unit) => unit.id, what: "id (id)" },
};

/**
 * The value of `ou.<identifier>` in an organizational unit as the API returns it (its JSON). A property the
 * unit does not have (absent or null, as the API returns unset properties) reads as an empty text.
 */
export function unitProperty(unit: unknown, identifier: string): Evaluated<string> {
  const property = PROPERTIES[identifier];
  if (!property) return { ok: false, problem: `the organizational unit has no property "${identifier}"` };
  const value = property.read(object(unit) ?? {});
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
