import { type OrganizationalUnit, UNIT_REFERENCE_FIELDS } from "@mailroom/model";
import { isJsonObject } from "@mailroom/syntax";
import { indexExpressions } from "../../engine/expressions.js";
import { isReference } from "../../engine/metadata-scope.js";
import { defineRequestRule } from "../../requests/request-rule.js";
import { q } from "./shared.js";

/** A property of the unit that a service of the workspace reads (`ou.X`) and the unit leaves unset. */
export const rule = defineRequestRule({
  meta: {
    id: "unset-unit-property",
    files: ["unit"],
    basis: {
      kind: "implies",
      section: "ValueExpression",
      quote:
        "Allowed identifiers: for ORGANIZATIONAL_UNIT: EMAIL_ADDRESS, SENDER_ADDRESS, RETURN_ADDRESS, SIRET, NAME, ID",
    },
    description: "Every property of the unit that a service of the workspace reads is set.",
    messages: {
      unset:
        "Service {{service}} reads ou.{{identifier}}, the unit's {{what}}, which this unit does not set; its value would be empty.",
    },
  },
  check(context) {
    const unit = context.request as OrganizationalUnit;
    const reported = new Set<string>();
    for (const { service } of context.facts.services) {
      // A service of another unit is not this unit's concern.
      const owner = service.organizationalUnit?.id;
      if (owner !== undefined && owner !== unit.id) continue;
      for (const reference of indexExpressions(service)) {
        if (!isReference(reference, "ORGANIZATIONAL_UNIT")) continue;
        const identifier = reference.node.identifier;
        const field = UNIT_REFERENCE_FIELDS[identifier];
        if (!field || reported.has(identifier)) continue;
        const value = field.path.reduce<unknown>((at, key) => (isJsonObject(at) ? at[key] : undefined), unit);
        if (value !== undefined && value !== null && value !== "") continue;
        reported.add(identifier);
        // Where the unit would hold it: the deepest part of the path that is written.
        const data = { service: q(service.name), what: field.what, identifier };
        context.report({ path: [...field.path], at: "key", messageId: "unset", data });
      }
    }
  },
});
