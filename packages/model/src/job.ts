import * as z from "zod";
import { SplitConfig } from "./box.js";
import { described, int, named } from "./common.js";
import { ValueExpression } from "./expressions.js";

// Other members of the job-creation parameters are not shown by the spec: they pass through.
export const JobCreationParameters = z
  .looseObject({
    jobName: described(z.string(), "Name of the job."),
    serviceId: described(z.string(), "Id of a service from the authentication result, as text."),
    autocreateDeliveryCommand: described(
      z.boolean(),
      "True: deliveries are created automatically and options cannot change; false: a later delivery command selects options.",
    ),
    packRequirements: described(
      z.record(z.string(), ValueExpression).optional(),
      "Values of pack requirements by name, such as POSTAL_ADDRESS_RECIPIENT for a mail-merged job.",
    ),
    splitConfiguration: described(
      z.record(z.string(), SplitConfig).optional(),
      "Split configuration by box name, for boxes whose split configuration is editable.",
    ),
    targetOwnerId: described(int().optional(), "User the job is created for, when an administrator authenticates."),
  })
  .meta(named("JobCreationParameters", "The `parameters` part of a job-creation request."));

export const DeliveryCommand = z
  .strictObject({
    jobId: described(z.string(), "Job whose pack groups are delivered."),
    packGroupIds: described(
      z.array(z.union([z.string(), int()])).optional(),
      "Pack groups to deliver; all pack groups of the job when omitted.",
    ),
    serviceChannelOptions: described(
      z.record(z.string(), z.record(z.string(), z.array(z.string()))).optional(),
      "Option values by channel label (not name), then by output file name (MAIN by default); only overridden values need to be sent.",
    ),
    expectedPostDate: described(
      int().optional(),
      "Requested post date, epoch milliseconds, in the future and before the channel cut-off.",
    ),
  })
  .meta(named("DeliveryCommand", "Body of a delivery command, which selects channel options for a job's pack groups."));

export type JobCreationParameters = z.infer<typeof JobCreationParameters>;
export type DeliveryCommand = z.infer<typeof DeliveryCommand>;
