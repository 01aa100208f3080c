import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { layoutJson } from "../src/index.js";

const examples = join(import.meta.dirname, "../../../examples");
const services = readdirSync(examples).filter((name) => name.endsWith(".service.json"));

describe("layoutJson", () => {
  it.each(services)("lays %s out as the compiler writes it, from one line or from its own layout", (name) => {
    const text = readFileSync(join(examples, name), "utf8");
    const value = JSON.parse(text);
    expect(layoutJson(JSON.stringify(value))).toBe(text);
    expect(layoutJson(text)).toBe(text);
    expect(layoutJson(JSON.stringify(value, null, "\t").replaceAll("\n", "\r\n"))).toBe(text);
  });

  it("changes only the blanks: numbers, escapes and duplicate keys stay as written, empty containers stay closed", () => {
    expect(layoutJson('{"a":1.0,"a" : "x\\"y, {z}",  "b":[ ],"c":{\n},"d":[true,null,-2e3]}')).toBe(
      '{\n  "a": 1.0,\n  "a": "x\\"y, {z}",\n  "b": [],\n  "c": {},\n  "d": [\n    true,\n    null,\n    -2e3\n  ]\n}\n',
    );
  });
});
