import type { Box, DeliveryFile, JobFile } from "@mailroom/model";
import type { RequestContext } from "../../requests/request-rule.js";

export const q = (value: unknown): string => JSON.stringify(value);

/** The job file of a context whose kind is "job". */
export const jobOf = (context: RequestContext): JobFile => context.request as JobFile;

/** The delivery file of a context whose kind is "delivery". */
export const deliveryOf = (context: RequestContext): DeliveryFile => context.request as DeliveryFile;

/** The boxes of the called service by name, with their index; empty when there is no service to check against. */
export function boxesOf(context: RequestContext): Map<string, { box: Box; index: number }> {
  const boxes = context.facts.service?.service.properties.boxes ?? [];
  return new Map(boxes.map((box, index) => [box.name, { box, index }]));
}

/** Whether a box takes its files from an archive rather than from parts of the request. */
export const fromArchive = (box: Box): boolean => box["@type"] !== "box.ARCHIVE" && box.parent != null;

/** The ids of a box's configured files that are stored (a null id is a file still to be added), in order. */
export const storedFiles = (box: Box): { serviceFileId: string; removable: boolean; index: number }[] =>
  box["@type"] === "box.ARCHIVE"
    ? []
    : (box.configuredFiles ?? []).flatMap((file, index) =>
        typeof file.serviceFileId === "string"
          ? [{ serviceFileId: file.serviceFileId, removable: file.removable, index }]
          : [],
      );
