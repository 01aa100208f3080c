/** The names of `lint`'s output formats, apart from the formatters, so that parsing the command line loads none. */
export const FORMAT_NAMES = ["stylish", "plain", "json", "sarif", "junit", "github", "gitlab"] as const;

export type FormatName = (typeof FORMAT_NAMES)[number];
