import * as z from "zod";
import { described, IdentifierDto, int, int32, named } from "./common.js";

/*
 * The unit's shape: each field's type as the API returns it. The constraints the spec puts on its values (the
 * characters of accountIdentifier, controlled values, webHookURL, country codes) are request rules of the
 * checker, each with its code, its spec quote and its page.
 */
export const PostalAddress = z
  .strictObject({
    addressLines: described(z.string(), "Lines of the address, separated by a newline character."),
    countryCode: described(z.string(), "Country of the address as a two-character code, such as FR."),
  })
  .meta(named("PostalAddress", "A postal address."));

export const ControlledValue = z
  .strictObject({
    name: described(z.string(), "Name of the list; a service's controlled-value metadata refers to it."),
    elements: described(
      z.array(
        z
          .strictObject({
            value: described(z.string(), "Technical value stored in the metadata; never empty."),
            label: described(z.string().nullable(), "Text shown to users; may equal the value, never null."),
          })
          .meta(named("ControlledValueElement", "One allowed value.")),
      ),
      "The allowed values.",
    ),
    allowFreeValue: described(z.boolean(), "Let the user enter a value outside the list."),
  })
  .meta(named("ControlledValue", "A list of allowed values for a metadata of the unit's services."));

export const OrganizationalUnitProperties = z
  .strictObject({
    emailAddress: described(z.string().optional(), "E-mail address of the unit."),
    senderAddress: described(PostalAddress.optional(), "Postal address printed as the sender."),
    returnAddress: described(PostalAddress.optional(), "Postal address undeliverable mail returns to."),
    siret: described(z.string().optional(), "SIRET number of the unit."),
    controlledValues: described(z.array(ControlledValue).optional(), "Lists of allowed metadata values."),
    webHookURL: described(
      z.string().optional(),
      "Absolute http or https URL, with a path after the host, called with shipment status and tracking events.",
    ),
  })
  .meta(named("OrganizationalUnitProperties", "Contact details, controlled values and webhook of a unit."));

const flag = (what: string) => described(z.boolean().optional(), what);
const text = (what: string) => described(z.string().optional(), what);
const days = (what: string) => described(int().optional(), what);

export const OrganizationalUnit = z
  .strictObject({
    id: described(int(), "Identifier of the unit."),
    creationdate: described(int().optional(), "Creation date, epoch milliseconds; read-only."),
    accountIdentifier: described(z.string().optional(), "Account identifier: ASCII letters, digits and - . _ ~ only."),
    name: described(z.string(), "Name of the unit."),
    branding: described(IdentifierDto.optional(), "Branding the unit uses."),
    parent: described(IdentifierDto.nullable().optional(), "Parent unit; null for a root unit."),
    allowOUChildren: flag("Whether the unit may have child units."),
    freezeDelayDays: days("Freeze delay, in days."),
    fileDelayDays: days("How long files are kept, in days."),
    dataDelayDays: days("How long data is kept, in days."),
    accountingCode: text("Accounting code."),
    productionCode: text("Production code."),
    partnerCode: text("Partner code."),
    billingType: text("Billing type."),
    defaultMailCountry: text("Default country of mail."),
    minPasswordEntropy: described(
      int32().optional(),
      "Minimum password entropy in bits (integer part of log2 of guesses); checked only when above 0.",
    ),
    maxPasswordValidityDays: described(
      int32().optional(),
      "Maximum days between password changes; checked only when above 0.",
    ),
    properties: described(
      OrganizationalUnitProperties.optional(),
      "Contact details, controlled values and webhook of the unit.",
    ),
    senderAccount: described(z.boolean().nullable().optional(), "Technical flag; may be null."),
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
