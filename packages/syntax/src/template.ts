/** The names of the `{{name}}` placeholders of a message template, as a union of string literal types. */
export type Placeholders<T extends string> = T extends `${string}{{${infer Name}}}${infer Rest}`
  ? Name | Placeholders<Rest>
  : never;

/** The values a template's placeholders take: one per name, each written as `String(value)`. */
export type TemplateData<T extends string> = { readonly [Name in Placeholders<T>]: string | number };

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/**
 * The template with each `{{name}}` replaced by `data[name]`. A placeholder without a value throws: a message
 * with a hole in it is a bug of the caller, caught by the types where the template is known statically.
 */
export function fillTemplate(template: string, data: Readonly<Record<string, string | number>> = {}): string {
  return template.replace(PLACEHOLDER, (_, name: string) => {
    const value = Object.hasOwn(data, name) ? data[name] : undefined;
    if (value === undefined) throw new Error(`No value for "{{${name}}}" in the message template "${template}"`);
    return String(value);
  });
}
