import * as z from "zod";
import { SplitConfig } from "./box.js";
import { int, named } from "./common.js";
import { ValueExpression } from "./expressions.js";

// Other members of the job-creation parameters are not shown by the spec: they pass through.
export const JobCreationParameters = z
  .looseObject({
    jobName: z.string().describe("Name of the job."),
    serviceId: z.string().describe("Id of a service from the authentication result, as text."),
    autocreateDeliveryCommand: z
      .boolean()
      .describe(
        "True: deliveries are created automatically and options cannot change; false: a later delivery command selects options.",
      ),
    packRequirements: z
      .record(z.string(), ValueExpression)
      .optional()
      .describe("Values of pack requirements by name, such as POSTAL_ADDRESS_RECIPIENT for a mail-merged job."),
    splitConfiguration: z
      .record(z.string(), SplitConfig)
      .optional()
      .describe("Split configuration by box name, for boxes whose split configuration is editable."),
    targetOwnerId: int().optional().describe("User the job is created for, when an administrator authenticates."),
  })
  .meta(named("JobCreationParameters", "The `parameters` part of a job-creation request."));

export const DeliveryCommand = z
  .strictObject({
    jobId: z.string().describe("Job whose pack groups are delivered."),
    packGroupIds: z
      .array(z.union([z.string(), int()]))
      .optional()
      .describe("Pack groups to deliver; all pack groups of the job when omitted."),
    serviceChannelOptions: z
      .record(z.string(), z.record(z.string(), z.array(z.string())))
      .optional()
      .describe(
        "Option values by channel label (not name), then by output file name (MAIN by default); only overridden values need to be sent.",
      ),
    expectedPostDate: int()
      .optional()
      .describe("Requested post date, epoch milliseconds, in the future and before the channel cut-off."),
  })
  .meta(named("DeliveryCommand", "Body of a delivery command, which selects channel options for a job's pack groups."));

export type JobCreationParameters = z.infer<typeof JobCreationParameters>;
export type DeliveryCommand = z.infer<typeof DeliveryCommand>;
