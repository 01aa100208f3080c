import type { JobFile } from "@mailroom/model";
import { isJsonObject } from "@mailroom/syntax";
import { defineRequestRule } from "../../requests/request-rule.js";
import { deliveryOf, q } from "./shared.js";

/** A command for a job created with autocreateDeliveryCommand true, whose deliveries exist already. */
export const rule = defineRequestRule({
  meta: {
    id: "autocreated-job-command",
    files: ["delivery"],
    basis: {
      kind: "states",
      section: "Deliveries",
      quote: "Commands are used when the job was created with autocreateDeliveryCommand=false.",
    },
    description: "A command follows a job created with autocreateDeliveryCommand false.",
    messages: {
      autocreated:
        "Job {{job}} is created with autocreateDeliveryCommand true: its deliveries are created with it and their options cannot change; expected no command, or false in the job.",
    },
  },
  check(context) {
    const job = context.facts.job;
    const parameters = isJsonObject(job?.json) ? (job.json as Partial<JobFile>).parameters : undefined;
    if (parameters?.autocreateDeliveryCommand !== true) return;
    context.report({ path: ["job"], messageId: "autocreated", data: { job: q(deliveryOf(context).job) } });
  },
});
