import * as z from "zod";
import { Box } from "./box.js";
import { IdentifierDto, int, named } from "./common.js";

/** Name of the output file a channel produces when nothing else is named. */
export const DEFAULT_OUTPUT_FILE = "MAIN";

export const SERVICE_TYPES = [
  "SIMPLE_UNIQUE",
  "SIMPLE_MULTIPLE",
  "PREPROCESSING_UNIQUE",
  "PREPROCESSING",
  "ADVANCED",
] as const;

export const IconColor = z
  .strictObject({
    r: int().min(0).max(255).describe("Red component, 0 to 255."),
    g: int().min(0).max(255).describe("Green component, 0 to 255."),
    b: int().min(0).max(255).describe("Blue component, 0 to 255."),
    a: z.number().min(0).max(1).describe("Opacity, from 0.0 (transparent) to 1.0 (opaque)."),
  })
  .meta(named("IconColor", "Colour of the service's icon."));

// The spec does not show the fields of output-file entries: only `name` is typed, the rest passes through.
export const OutputFile = z
  .looseObject({
    name: z
      .string()
      .optional()
      .describe(`Name of the output file; delivery commands address options by it (default "${DEFAULT_OUTPUT_FILE}").`),
  })
  .meta(named("OutputFile", "An output file a channel produces (fields beyond `name` pass through unchecked)."));

// Channel fields beyond `label` and `outputFilesConfig` are not shown by the spec: they pass through.
export const Channel = z
  .looseObject({
    label: z
      .string()
      .describe("Label of the channel; delivery commands name the channel by this label, not by its name."),
    outputFilesConfig: z.array(OutputFile).describe("Output files the channel produces."),
  })
  .meta(
    named("Channel", "A delivery route such as e-mail or mail (fields beyond those shown pass through unchecked)."),
  );

export const ServiceProperties = z
  .strictObject({
    description: z.string().optional().describe("Text describing the service to its users."),
    iconColor: IconColor.optional().describe("Colour of the icon shown for the service."),
    iconName: z.string().optional().describe("Name of the icon shown for the service."),
    boxes: z.array(Box).describe("Slots for the input files of a job."),
    channels: z.array(Channel).describe("Delivery routes of the service."),
  })
  .meta(named("ServiceProperties", "The configuration of a service."));

export const Service = z
  .strictObject({
    id: int().describe("Identifier of the service, given as `serviceId` when creating a job."),
    type: z.enum(SERVICE_TYPES).describe("Kind of service."),
    name: z.string().describe("Name of the service."),
    organizationalUnit: IdentifierDto.optional().describe("Organizational unit the service belongs to."),
    properties: ServiceProperties.describe("Configuration of the service: description, icon, boxes and channels."),
  })
  .meta(
    named("Service", "A preconfigured sending template: its boxes, metadata, reconcile rules, splits and channels."),
  );

export const AuthenticationResult = z
  .looseObject({
    result: z
      .looseObject({
        authToken: z.string().optional().describe("Session token, sent later in the X-Auth-Token header."),
        authTokenExpirationDate: z.string().optional().describe("Expiry of the token, epoch milliseconds as text."),
        services: z.array(Service).describe("Services the user may use."),
      })
      .describe("The authenticated session (user and unit fields pass through unchecked)."),
  })
  .meta(named("AuthenticationResult", "Response of the authentication call, which lists the user's services."));

export type Service = z.infer<typeof Service>;
export type Channel = z.infer<typeof Channel>;
export type OutputFile = z.infer<typeof OutputFile>;
export type IconColor = z.infer<typeof IconColor>;
