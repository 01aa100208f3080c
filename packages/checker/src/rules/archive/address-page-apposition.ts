import { defineRule } from "../../engine/rule.js";
import { boxPath, q } from "./shared.js";

/** An apposition laid on the address page of a PDF box whose documents have no address page. */
export const rule = defineRule({
  meta: {
    id: "address-page-apposition",
    basis: {
      kind: "implies",
      section: "Deliveries",
      quote: "The address page cannot be set when creating a delivery; its presence is configured in the service.",
    },
    description: "An ADDRESS_PAGE apposition on a PDF box whose hasAddressPage is not true.",
    messages: {
      noAddressPage:
        'An apposition of box {{box}} targets "ADDRESS_PAGE", but the box\'s "hasAddressPage" is {{flag}}; expected "hasAddressPage" true, or another target.',
      flagSet: '"hasAddressPage" is set here.',
    },
  },
  check(context) {
    context.service.properties.boxes.forEach((box, index) => {
      if (box["@type"] !== "box.PDF" || box.hasAddressPage === true || !box.appositions) return;
      const flag = box.hasAddressPage === false ? "false" : "not set";
      box.appositions.forEach((apposition, i) => {
        if (apposition.targetType !== "ADDRESS_PAGE") return;
        context.report({
          path: [...boxPath(index), "appositions", i, "targetType"],
          messageId: "noAddressPage",
          data: { box: q(box.name), flag },
          ...(box.hasAddressPage === false
            ? { related: [{ path: [...boxPath(index), "hasAddressPage"], messageId: "flagSet" }] }
            : {}),
        });
      });
    });
  },
});
