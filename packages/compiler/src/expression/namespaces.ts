/** Namespaces of `exv.Reference`, as written before the dot. */
export const NAMESPACES = [
  { name: "meta", namespace: "METADATA", doc: "A metadata of the current box or of a MAIN box." },
  { name: "req", namespace: "REQUIREMENT", doc: "A requirement of the pack." },
  {
    name: "ou",
    namespace: "ORGANIZATIONAL_UNIT",
    doc: "A property of the organizational unit: EMAIL_ADDRESS, SENDER_ADDRESS, RETURN_ADDRESS, SIRET, NAME, ID.",
  },
  { name: "output", namespace: "OUTPUT_FILE", doc: "A property of the output file: NUID." },
] as const;
