import { checkJavaZoneId } from "@mailroom/java";
import { stringFieldRule } from "./fields.js";

/** Time zones of parseDate and formatDate are ids that Java's ZoneId.of accepts. */
export const rule = stringFieldRule(
  {
    id: "time-zone",
    basis: {
      kind: "states",
      section: "ValueExpression",
      quote: "timeZone string (required, default zone when the parsed text has none)",
    },
    description: "Time zones (exv.DateParse, exv.DateFormat) are region ids or offsets that Java's ZoneId.of accepts.",
    fixable: true,
  },
  ["exv.DateParse", "exv.DateFormat"],
  "timeZone",
  checkJavaZoneId,
);
