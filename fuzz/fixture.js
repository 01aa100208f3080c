import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

// A fixture is the failing file behind a header of comments saying what failed (`#` lines for the DSL, `//` lines
// for JSON, which has no comments: the header is taken off before the file is checked). The DSL header turns the
// formatter off, so that `fmt --check test/fixtures` leaves the file as it is.

/** The last line of a fixture's header; what follows it is the failing file, byte for byte. */
const HEADER_END = {
  yaml: "# mailroom-fmt-disable: the fuzzer's header ends here",
  json: "// the fuzzer's header ends here",
};

/** The failing text of a fixture (`content`, the file named `name`), and whether it is JSON. */
export function readFixture(content, name) {
  const json = name.endsWith(".json");
  const end = `${HEADER_END[json ? "json" : "yaml"]}\n`;
  const at = content.indexOf(end);
  return { json, text: at < 0 ? content : content.slice(at + end.length) };
}

/**
 * Writes a failure's text as `<kind>-<hash>.service.yaml` (or `.json`) under `dir`, its header naming the failure
 * and where the text came from (`origin`); returns the path.
 */
export function writeFixture(dir, failure, text, json, origin) {
  const hash = createHash("sha256").update(text).digest("hex").slice(0, 10);
  const path = join(dir, `${failure.kind}-${hash}.service.${json ? "json" : "yaml"}`);
  const mark = json ? "//" : "#";
  // One line of the message, control characters (a CR quoted from the text, say) made spaces.
  const message = [...failure.message.split("\n").slice(0, 3).join(" ")].map((c) => (c < " " ? " " : c)).join("");
  const header = [`${mark} fuzz: ${failure.kind}: ${message}`, `${mark} fuzz: minimised from ${origin}.`];
  mkdirSync(dir, { recursive: true });
  writeFileSync(path, `${header.join("\n")}\n${HEADER_END[json ? "json" : "yaml"]}\n${text}`);
  return path;
}
