import * as z from "zod";
import { Box } from "./box.js";
import { described, IdentifierDto, int, named } from "./common.js";

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
    r: described(int().min(0).max(255), "Red component, 0 to 255."),
    g: described(int().min(0).max(255), "Green component, 0 to 255."),
    b: described(int().min(0).max(255), "Blue component, 0 to 255."),
    a: described(z.number().min(0).max(1), "Opacity, from 0.0 (transparent) to 1.0 (opaque)."),
  })
  .meta(named("IconColor", "Colour of the service's icon."));

// The spec does not show the fields of output-file entries: only `name` is typed, the rest passes through.
export const OutputFile = z
  .looseObject({
    name: described(
      z.string().optional(),
      `Name of the output file; delivery commands address options by it (default "${DEFAULT_OUTPUT_FILE}").`,
    ),
  })
  .meta(named("OutputFile", "An output file a channel produces (fields beyond `name` pass through unchecked)."));

// Channel fields beyond `label` and `outputFilesConfig` are not shown by the spec: they pass through.
export const Channel = z
  .looseObject({
    label: described(
      z.string(),
      "Label of the channel; delivery commands name the channel by this label, not by its name.",
    ),
    outputFilesConfig: described(z.array(OutputFile), "Output files the channel produces."),
  })
  .meta(
    named("Channel", "A delivery route such as e-mail or mail (fields beyond those shown pass through unchecked)."),
  );

export const ServiceProperties = z
  .strictObject({
    description: described(z.string().optional(), "Text describing the service to its users."),
    iconColor: described(IconColor.optional(), "Colour of the icon shown for the service."),
    iconName: described(z.string().optional(), "Name of the icon shown for the service."),
    boxes: described(z.array(Box), "Slots for the input files of a job."),
    channels: described(z.array(Channel), "Delivery routes of the service."),
  })
  .meta(named("ServiceProperties", "The configuration of a service."));

export const Service = z
  .strictObject({
    id: described(int(), "Identifier of the service, given as `serviceId` when creating a job."),
    type: described(z.enum(SERVICE_TYPES), "Kind of service."),
    name: described(z.string(), "Name of the service."),
    organizationalUnit: described(IdentifierDto.optional(), "Organizational unit the service belongs to."),
    properties: ServiceProperties.describe("Configuration of the service: description, icon, boxes and channels."),
  })
  .meta(
    named("Service", "A preconfigured sending template: its boxes, metadata, reconcile rules, splits and channels."),
  );

export const AuthenticationResult = z
  .looseObject({
    result: described(
      z.looseObject({
        authToken: described(z.string().optional(), "Session token, sent later in the X-Auth-Token header."),
        authTokenExpirationDate: described(z.string().optional(), "Expiry of the token, epoch milliseconds as text."),
        services: described(z.array(Service), "Services the user may use."),
      }),
      "The authenticated session (user and unit fields pass through unchecked).",
    ),
  })
  .meta(named("AuthenticationResult", "Response of the authentication call, which lists the user's services."));

export type Service = z.infer<typeof Service>;
export type Channel = z.infer<typeof Channel>;
export type OutputFile = z.infer<typeof OutputFile>;
export type IconColor = z.infer<typeof IconColor>;
