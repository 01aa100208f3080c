/** Longest stretch of a file name taken from the service's name. */
const MAX_NAME = 60;

/**
 * The file name of a decompiled service, from its name and id: `Factures clients` with id 2204 gives
 * `factures-clients-2204.service.yaml`. Letters lose their accents, anything other than letters and digits
 * becomes a dash; a service without a usable name or id is `service.service.yaml`.
 */
export function serviceFileName(service: unknown): string {
  const record = service !== null && typeof service === "object" ? (service as Record<string, unknown>) : {};
  const name = typeof record.name === "string" ? record.name : "";
  const slug = name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, MAX_NAME)
    .replace(/^-+|-+$/g, "");
  const id = Number.isSafeInteger(record.id) ? String(Math.abs(record.id as number)) : "";
  const base = [slug, id].filter((part) => part !== "").join("-") || "service";
  return `${base}.service.yaml`;
}
