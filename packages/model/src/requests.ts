import * as z from "zod";
import { described, named } from "./common.js";
import { DeliveryCommand, JobCreationParameters } from "./job.js";

/*
 * The files an integrator keeps beside the services they call: a job creation and a delivery command exactly as
 * sent, each naming the service it is for, so that they can be checked against it before anything is sent. The
 * third kind, `*.ou.json`, is the organizational unit as the API returns it (OrganizationalUnit).
 */

export const JobFile = z
  .strictObject({
    service: described(
      z.string().min(1).optional(),
      "Path of the service file the job is for, relative to this file; when left out, the workspace's service whose id is parameters.serviceId.",
    ),
    parameters: JobCreationParameters.describe("The `parameters` part, as sent."),
    parts: described(
      z.record(z.string(), z.string()),
      "The file parts by part name: the path of a local file, relative to this file; for a serviceFile__ part, the serviceFileId it carries.",
    ),
  })
  .meta(named("JobFile", "A job creation as the client sends it (*.job.yaml)."));

export const DeliveryFile = z
  .strictObject({
    service: described(z.string().min(1), "Path of the service file the command is for, relative to this file."),
    job: described(
      z.string().min(1).optional(),
      "Path of the *.job.yaml file of the job the command follows, relative to this file.",
    ),
    command: DeliveryCommand.describe("The body of POST /deliveries/commands, as sent."),
  })
  .meta(named("DeliveryFile", "A delivery command as the client sends it (*.delivery.yaml)."));

export type JobFile = z.infer<typeof JobFile>;
export type DeliveryFile = z.infer<typeof DeliveryFile>;
