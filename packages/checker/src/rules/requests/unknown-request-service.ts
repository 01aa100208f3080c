import { defineRequestRule } from "../../requests/request-rule.js";
import { jobOf, q } from "./shared.js";

/** A job or command whose service cannot be found, or whose serviceId is not the id of the service it names. */
export const rule = defineRequestRule({
  meta: {
    id: "unknown-request-service",
    files: ["job", "delivery"],
    basis: { kind: "states", section: "Job", quote: "id of a service from the authentication result" },
    description:
      "A job or delivery command names a service of the workspace, readable and without errors, and a job's serviceId is its id.",
    messages: {
      missing: "Service file {{file}} does not exist; expected the path of a service file, relative to this file.",
      unreadable: "Service file {{file}} cannot be read: {{reason}}.",
      errors: "Service file {{file}} has {{count}} error(s); fix them (mailroom lint) before checking requests for it.",
      none: "Service file {{file}} holds no service; expected the service this request is for.",
      noId: "Service file {{file}} holds no service with the id {{id}}; expected the file of the service called.",
      unknownId:
        'No service of the workspace has the id {{id}}; expected the id of a service, or "service" naming its file.',
      idMismatch:
        "The serviceId {{id}} is not the id of service {{name}} ({{expected}}), which this job names; expected {{expected}}.",
      declared: "Service {{name}} has the id {{expected}} here.",
      useId: "Use {{expected}}",
    },
  },
  check(context) {
    const problem = context.facts.serviceProblem;
    if (problem) {
      const path = typeof (context.request as { service?: unknown }).service === "string" ? ["service"] : [];
      const at = path.length > 0 ? path : ["parameters", "serviceId"];
      context.report({ path: at, messageId: problem.messageId, data: problem.data });
      return;
    }
    const service = context.facts.service;
    if (context.kind !== "job" || !service) return;
    const id = jobOf(context).parameters.serviceId;
    const expected = String(service.service.id);
    if (id === expected) return;
    const data = { id: q(id), expected: q(expected), name: q(service.service.name) };
    context.report({
      path: ["parameters", "serviceId"],
      messageId: "idMismatch",
      data,
      related: [{ in: "service", path: ["id"], messageId: "declared", data }],
      fix: { messageId: "useId", data, value: expected },
    });
  },
});
