import * as z from "zod";

/** The name of the configuration file, looked for in each linted file's directory and then upward. */
export const CONFIG_FILE_NAME = "mailroom.config.yaml";

export const SeveritySetting = z
  .enum(["off", "info", "warning", "error"])
  .describe('How a rule reports: "error" fails the lint, "warning" and "info" do not, "off" does not run it.');

/** The long form of a rule's setting. */
export const RuleSettingObject = z
  .strictObject({
    severity: SeveritySetting.optional().describe(
      'How the rule reports: "off", "info", "warning" or "error" (default: the severity set before, else the rule\'s own).',
    ),
    options: z
      .unknown()
      .optional()
      .describe("The rule's options, as its page in docs/rules describes them; they replace any set before."),
  })
  .describe("A severity and options for the rule.");

export const RuleSetting = z
  .union([SeveritySetting, RuleSettingObject])
  .describe('A rule\'s severity ("off", "info", "warning", "error"), or an object with "severity" and "options".');

const Globs = z
  .array(z.string().min(1))
  .describe("Glob patterns relative to the directory of the configuration file (picomatch syntax).");

/**
 * The configuration's schema around a given schema of one rule's setting: `MailroomConfig` takes the short
 * form (a severity) or the long one; the checker validates with the long form only, after turning every short
 * form into it, so that a problem inside a setting is reported in its own terms rather than as "neither form".
 */
export function configSchema<T extends z.ZodType>(setting: T) {
  const rules = z
    .record(z.string(), setting)
    .describe("Settings per rule id: a severity, or { severity, options }. Rules not listed keep their defaults.");
  const override = z
    .strictObject({
      files: Globs.min(1).describe(
        'The files this override applies to: globs relative to the configuration\'s directory, such as "legacy/**"; a pattern naming a directory covers everything under it.',
      ),
      rules: rules.describe("Rule settings for these files, applied over the ones before."),
    })
    .describe("Rule settings for some files only.");
  return z
    .strictObject({
      rules: rules
        .optional()
        .describe(
          "Settings per rule id, for every file the configuration applies to: a severity or { severity, options }.",
        ),
      overrides: z
        .array(override)
        .optional()
        .describe("Rule settings for the files matching some globs, applied in order after the top-level rules."),
      ignore: Globs.optional().describe(
        "Files not linted: globs relative to the configuration's directory; a pattern naming a directory covers everything under it.",
      ),
      areaUnit: z
        .enum(["pt", "mm"])
        .optional()
        .describe(
          "The unit the services' areas are written in, for `mailroom eval`: PDF points (pt, the default) or millimetres (mm). The API does not say: confirm it against the platform.",
        ),
      maxFindingsPerCode: z
        .number()
        .int()
        .min(1)
        .optional()
        .describe(
          "How many findings of one code a file lists (default 100): the rest are counted in one `more-findings` note.",
        ),
      docsUrl: z
        .string()
        .regex(/^https?:\/\/[^\s/]+(\/\S*)?$/, "expected an http or https address")
        .optional()
        .describe(
          "The public address of mailroom's documentation folder, which SARIF and JUnit reports link each rule's page under (rules/<id>.md). Default: the repository's docs on GitHub.",
        ),
      organizationalUnit: z
        .string()
        .min(1)
        .optional()
        .describe(
          "The organizational unit the services are for, as the API returns it (JSON), relative to the configuration's directory: `mailroom lint` checks it against the services, as it does `*.ou.json` files.",
        ),
      optionListings: z
        .record(
          z.string(),
          z
            .strictObject({
              types: z.string().min(1).describe("The response of GET /options/type, saved as JSON."),
              options: z.string().min(1).describe("The response of GET /options, saved as JSON."),
            })
            .describe("The option listings of one environment, relative to the configuration's directory."),
        )
        .optional()
        .describe(
          "The channel option listings by environment (their ids differ between production and test): the option values of delivery commands are checked against each.",
        ),
      samples: z
        .record(z.string(), z.string())
        .optional()
        .describe(
          "A sample file per box name, relative to the configuration's directory: `mailroom eval` evaluates on them when no --file is given, and editors show each metadata's value on them on hover.",
        ),
    })
    .describe(
      "mailroom configuration: rule severities and options, per-glob overrides, ignored files, the unit of areas, sample files, the documentation's address.",
    );
}

/** The contents of `mailroom.config.yaml`; `schemas/mailroom-config.schema.json` is generated from it. */
export const MailroomConfig = configSchema(RuleSetting);

export type MailroomConfig = z.infer<typeof MailroomConfig>;
export type RuleSetting = z.infer<typeof RuleSetting>;
