import type { OrganizationalUnit } from "@mailroom/model";
import { defineRequestRule } from "../../requests/request-rule.js";
import { q } from "./shared.js";

/** An absolute http or https URL with a path after the host: a root such as https://example.com/ is refused. */
const WEBHOOK_URL = /^[hH][tT][tT][pP][sS]?:\/\/[^/?#\s]+\/[^/?#\s]\S*$/;

/** A webHookURL that is not an absolute http(s) URL with a path after the host. */
export const rule = defineRequestRule({
  meta: {
    id: "webhook-url",
    files: ["unit"],
    basis: {
      kind: "states",
      section: "OrganizationalUnit",
      quote: "absolute URL, protocol http or https, must have a path after the domain (root URL not allowed)",
    },
    description: "A unit's webHookURL is an absolute http or https URL with a path after the host.",
    messages: {
      invalid:
        'webHookURL {{url}} is not an absolute http or https URL with a path after the host; expected one such as "https://example.com/events" (a root URL is refused).',
    },
  },
  check(context) {
    const url = (context.request as OrganizationalUnit).properties?.webHookURL;
    if (url === undefined || WEBHOOK_URL.test(url)) return;
    context.report({ path: ["properties", "webHookURL"], messageId: "invalid", data: { url: q(url) } });
  },
});
