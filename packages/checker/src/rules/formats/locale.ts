import { checkLanguageTag } from "@mailroom/java";
import { stringFieldRule } from "./fields.js";

/** Locales of parseDate and formatDate are well-formed language tags, which Java reads without dropping parts. */
export const rule = stringFieldRule(
  {
    id: "locale",
    basis: { kind: "implies", section: "User", quote: "language tag form, e.g. fr-FR shape" },
    description:
      "Locales (exv.DateParse, exv.DateFormat) are well-formed BCP 47 language tags such as fr-FR, which Java's Locale.forLanguageTag reads whole.",
    fixable: true,
  },
  ["exv.DateParse", "exv.DateFormat"],
  "locale",
  checkLanguageTag,
);
