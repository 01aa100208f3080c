/*
 * Reading a service's JSON that may not fit the model: a service with errors is documented too, so every
 * field is read for what it is, never assumed.
 */

import { isJsonObject } from "@mailroom/syntax";
import type { OtherField } from "./model.js";

export type Json = Readonly<Record<string, unknown>>;

export const object = (value: unknown): Json | undefined => (isJsonObject(value) ? value : undefined);

export const objects = (value: unknown): Json[] =>
  Array.isArray(value) ? value.flatMap((item) => (object(item) ? [item as Json] : [])) : [];

export const text = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

export const integer = (value: unknown): number | undefined =>
  typeof value === "number" && Number.isInteger(value) ? value : undefined;

export const flag = (value: unknown): boolean | undefined => (typeof value === "boolean" ? value : undefined);

/** The members of `value` not named in `known`, in their order, each as written; `prefix` leads each path. */
export const otherFields = (value: Json, known: ReadonlySet<string>, prefix = ""): OtherField[] =>
  Object.entries(value).flatMap(([field, member]) =>
    known.has(field)
      ? []
      : [{ field: `${prefix}${field}`, value: typeof member === "string" ? member : JSON.stringify(member) }],
  );
