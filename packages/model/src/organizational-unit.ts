import * as z from "zod";
import { IdentifierDto, int, int32, named } from "./common.js";

/*
 * The unit's shape: each field's type as the API returns it. The constraints the spec puts on its values (the
 * characters of accountIdentifier, controlled values, webHookURL, country codes) are request rules of the
 * checker, each with its code, its spec quote and its page.
 */
export const PostalAddress = z
  .strictObject({
    addressLines: z.string().describe("Lines of the address, separated by a newline character."),
    countryCode: z.string().describe("Country of the address as a two-character code, such as FR."),
  })
  .meta(named("PostalAddress", "A postal address."));

export const ControlledValue = z
  .strictObject({
    name: z.string().describe("Name of the list; a service's controlled-value metadata refers to it."),
    elements: z
      .array(
        z
          .strictObject({
            value: z.string().describe("Technical value stored in the metadata; never empty."),
            label: z.string().nullable().describe("Text shown to users; may equal the value, never null."),
          })
          .meta(named("ControlledValueElement", "One allowed value.")),
      )
      .describe("The allowed values."),
    allowFreeValue: z.boolean().describe("Let the user enter a value outside the list."),
  })
  .meta(named("ControlledValue", "A list of allowed values for a metadata of the unit's services."));

export const OrganizationalUnitProperties = z
  .strictObject({
    emailAddress: z.string().optional().describe("E-mail address of the unit."),
    senderAddress: PostalAddress.optional().describe("Postal address printed as the sender."),
    returnAddress: PostalAddress.optional().describe("Postal address undeliverable mail returns to."),
    siret: z.string().optional().describe("SIRET number of the unit."),
    controlledValues: z.array(ControlledValue).optional().describe("Lists of allowed metadata values."),
    webHookURL: z
      .string()
      .optional()
      .describe(
        "Absolute http or https URL, with a path after the host, called with shipment status and tracking events.",
      ),
  })
  .meta(named("OrganizationalUnitProperties", "Contact details, controlled values and webhook of a unit."));

const flag = (what: string) => z.boolean().optional().describe(what);
const text = (what: string) => z.string().optional().describe(what);
const days = (what: string) => int().optional().describe(what);

export const OrganizationalUnit = z
  .strictObject({
    id: int().describe("Identifier of the unit."),
    creationdate: int().optional().describe("Creation date, epoch milliseconds; read-only."),
    accountIdentifier: z.string().optional().describe("Account identifier: ASCII letters, digits and - . _ ~ only."),
    name: z.string().describe("Name of the unit."),
    branding: IdentifierDto.optional().describe("Branding the unit uses."),
    parent: IdentifierDto.nullable().optional().describe("Parent unit; null for a root unit."),
    allowOUChildren: flag("Whether the unit may have child units."),
    freezeDelayDays: days("Freeze delay, in days."),
    fileDelayDays: days("How long files are kept, in days."),
    dataDelayDays: days("How long data is kept, in days."),
    accountingCode: text("Accounting code."),
    productionCode: text("Production code."),
    partnerCode: text("Partner code."),
    billingType: text("Billing type."),
    defaultMailCountry: text("Default country of mail."),
    minPasswordEntropy: int32()
      .optional()
      .describe("Minimum password entropy in bits (integer part of log2 of guesses); checked only when above 0."),
    maxPasswordValidityDays: int32()
      .optional()
      .describe("Maximum days between password changes; checked only when above 0."),
    properties: OrganizationalUnitProperties.optional().describe(
      "Contact details, controlled values and webhook of the unit.",
    ),
    senderAccount: z.boolean().nullable().optional().describe("Technical flag; may be null."),
    enabled: flag("Whether the unit is enabled."),
    accountExpired: flag("Whether the unit's account has expired."),
    removed: flag("Whether the unit was removed."),
  })
  .meta(named("OrganizationalUnit", "An organizational unit: users belong to it and services are defined for it."));

export type OrganizationalUnit = z.infer<typeof OrganizationalUnit>;

/**
 * Where the unit's JSON holds each identifier an `ou.` reference reads, and what it is in words: the evaluator
 * reads the value there, and the checker wants it set in a unit whose services read it. A postal address is its
 * lines; its country code is a field of its own that no reference reads.
 */
export const UNIT_REFERENCE_FIELDS: Readonly<
  Record<string, { readonly path: readonly string[]; readonly what: string }>
> = {
  EMAIL_ADDRESS: { path: ["properties", "emailAddress"], what: "e-mail address (properties.emailAddress)" },
  SENDER_ADDRESS: {
    path: ["properties", "senderAddress", "addressLines"],
    what: "sender address (properties.senderAddress.addressLines)",
  },
  RETURN_ADDRESS: {
    path: ["properties", "returnAddress", "addressLines"],
    what: "return address (properties.returnAddress.addressLines)",
  },
  SIRET: { path: ["properties", "siret"], what: "SIRET number (properties.siret)" },
  NAME: { path: ["name"], what: "name (name)" },
  ID: { path: ["id"], what: "id (id)" },
};
