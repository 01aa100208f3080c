import { checkLanguageTag } from "@mailroom/java";
import { describe, expect, it } from "vitest";
import { agreesWithJava } from "./helpers.js";

describe("checkLanguageTag", () => {
  type Entry = { tag: string; ok: boolean; java?: string };
  agreesWithJava<Entry>(
    "locale.json",
    "Locale.Builder.setLanguageTag",
    "tags",
    (entry) => checkLanguageTag(entry.tag) === undefined,
  );

  it.each([
    ["fr_FR", "fr-FR", "reads it as the root locale"],
    ["fr_fr", "fr-FR", "reads it as the root locale"],
    ["fr_FR.UTF-8", "fr-FR", "reads it as the root locale"],
    ["de_DE@euro", "de-DE", "reads it as the root locale"],
    ["zh_hans_cn", "zh-Hans-CN", "reads it as the root locale"],
    ["fr FR", "fr-FR", "reads it as the root locale"],
    ["en-US-u", undefined, 'found "u"), so Java reads it as "en-US"'],
    ["fr--FR", undefined, 'has an empty subtag, so Java reads it as "fr"'],
    ["C", undefined, "so Java reads it as the root locale"],
    ["", undefined, "The locale is empty"],
  ])("reports %j (fix %j): %s", (tag, fix, message) => {
    const problem = checkLanguageTag(tag);
    expect(problem?.message).toContain(message);
    expect(problem?.fix).toBe(fix);
  });

  it("accepts the tags Java accepts that Intl.getCanonicalLocales refuses", () => {
    for (const tag of ["zh-cmn-Hans-CN", "i-klingon", "de-1996-1996", "x-private", "en-GB-oed"]) {
      expect(checkLanguageTag(tag), tag).toBeUndefined();
    }
  });
});
