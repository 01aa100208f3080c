import { described } from "@mailroom/model";
import * as z from "zod";

/** The name of the configuration file, looked for in each linted file's directory and then upward. */
export const CONFIG_FILE_NAME = "mailroom.config.yaml";

export const SeveritySetting = described(
  z.enum(["off", "info", "warning", "error"]),
  'How a rule reports: "error" fails the lint, "warning" and "info" do not, "off" does not run it.',
);

/** The long form of a rule's setting. */
export const RuleSettingObject = described(
  z.strictObject({
    severity: described(
      SeveritySetting.optional(),
      'How the rule reports: "off", "info", "warning" or "error" (default: the severity set before, else the rule\'s own).',
    ),
    options: described(
      z.unknown().optional(),
      "The rule's options, as its page in docs/rules describes them; they replace any set before.",
    ),
  }),
  "A severity and options for the rule.",
);

export const RuleSetting = described(
  z.union([SeveritySetting, RuleSettingObject]),
  'A rule\'s severity ("off", "info", "warning", "error"), or an object with "severity" and "options".',
);

const Globs = described(
  z.array(z.string().min(1)),
  "Glob patterns relative to the directory of the configuration file (picomatch syntax).",
);

const RelativePath = z.string().min(1);

/** One platform the services are pulled from, and where its listings are cached (`mailroom pull --env`). */
export const Environment = described(
  z.strictObject({
    url: described(
      z.string().regex(/^https?:\/\/[^\s/]+(\/\S*)?$/, "expected an http or https address"),
      "The API's base address ({base_url}), such as https://api.test.example.com.",
    ),
    authentication: described(
      z.enum(["token", "idp"]).optional(),
      'How `mailroom pull` signs in: "token" (POST /authentication/authenticate, the default) or "idp" (the identity provider of the branding).',
    ),
    brandingHost: described(
      z.string().min(1).optional(),
      "The branding host sent as applicationURL to GET /brandings/my (idp); default: the host of url.",
    ),
    login: described(z.string().min(1).optional(), "The login `mailroom pull` signs in with, unless --login is given."),
    services: described(
      RelativePath.optional(),
      "The folder `mailroom pull` writes this environment's services into and `pull --check` compares, relative to the configuration's directory.",
    ),
    ou: described(
      RelativePath.optional(),
      "The organizational unit as GET returns it (*.ou.json), relative to the configuration's directory.",
    ),
    options: described(
      RelativePath.optional(),
      "The response of GET /options cached for this environment, relative to the configuration's directory.",
    ),
    optionTypes: described(
      RelativePath.optional(),
      "The response of GET /options/type cached for this environment, relative to the configuration's directory.",
    ),
  }),
  "A platform (production, test...): its address, how to sign in, and where its listings are cached.",
);

export type Environment = z.infer<typeof Environment>;

/**
 * The configuration's schema around a given schema of one rule's setting: `MailroomConfig` takes the short
 * form (a severity) or the long one; the checker validates with the long form only, after turning every short
 * form into it, so that a problem inside a setting is reported in its own terms rather than as "neither form".
 */
export function configSchema<T extends z.ZodType>(setting: T) {
  const rules = described(
    z.record(z.string(), setting),
    "Settings per rule id: a severity, or { severity, options }. Rules not listed keep their defaults.",
  );
  const override = described(
    z.strictObject({
      files: described(
        Globs.min(1),
        'The files this override applies to: globs relative to the configuration\'s directory, such as "legacy/**"; a pattern naming a directory covers everything under it.',
      ),
      rules: rules.describe("Rule settings for these files, applied over the ones before."),
    }),
    "Rule settings for some files only.",
  );
  return described(
    z.strictObject({
      rules: described(
        rules.optional(),
        "Settings per rule id, for every file the configuration applies to: a severity or { severity, options }.",
      ),
      overrides: described(
        z.array(override).optional(),
        "Rule settings for the files matching some globs, applied in order after the top-level rules.",
      ),
      ignore: described(
        Globs.optional(),
        "Files not linted: globs relative to the configuration's directory; a pattern naming a directory covers everything under it.",
      ),
      areaUnit: described(
        z.enum(["pt", "mm"]).optional(),
        "The unit the services' areas are written in, for `mailroom eval`: PDF points (pt, the default) or millimetres (mm). The API does not say: confirm it against the platform.",
      ),
      maxFindingsPerCode: described(
        z.number().int().min(1).optional(),
        "How many findings of one code a file lists (default 100): the rest are counted in one `more-findings` note.",
      ),
      docsUrl: described(
        z
          .string()
          .regex(/^https?:\/\/[^\s/]+(\/\S*)?$/, "expected an http or https address")
          .optional(),
        "The public address of mailroom's documentation folder, which SARIF and JUnit reports link each rule's page under (rules/<id>.md). Default: the repository's docs on GitHub.",
      ),
      environments: described(
        z.record(z.string(), Environment).optional(),
        "The platforms services are pulled from, by name (production, test...): option and option type ids differ between them, so each has its own cached listings.",
      ),
      samples: described(
        z.record(z.string(), z.string()).optional(),
        "A sample file per box name, relative to the configuration's directory: `mailroom eval` evaluates on them when no --file is given, and editors show each metadata's value on them on hover.",
      ),
    }),
    "mailroom configuration: rule severities and options, per-glob overrides, ignored files, the unit of areas, sample files, the documentation's address, the platforms services are pulled from.",
  );
}

/** The contents of `mailroom.config.yaml`; `schemas/mailroom-config.schema.json` is generated from it. */
export const MailroomConfig = configSchema(RuleSetting);

export type MailroomConfig = z.infer<typeof MailroomConfig>;
export type RuleSetting = z.infer<typeof RuleSetting>;
