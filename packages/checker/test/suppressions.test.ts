import { describe, expect, it } from "vitest";
import { readSuppression } from "../src/suppressions.js";

/** The codes read, as `code@offset`. */
const codes = (text: string) => readSuppression(text)?.codes.map(({ code, offset }) => `${code}@${offset}`);

describe("readSuppression: the one reading of `# mailroom-disable[-next-line] code, code -- reason`", () => {
  it("reads the directive, the codes with their offsets, and where the list ends", () => {
    const text = "# mailroom-disable-next-line unused-metadata ,  box-target -- kept for the archive";
    expect(readSuppression(text)).toEqual({
      start: 0,
      nextLine: true,
      codes: [
        { code: "unused-metadata", offset: 29 },
        { code: "box-target", offset: 48 },
      ],
      complete: true,
      codesEnd: 58,
      endsInCodes: false,
    });
    expect(readSuppression("#mailroom-disable unknown-key")).toMatchObject({ nextLine: false, complete: true });
    expect(codes("# note  # mailroom-disable unknown-key")).toEqual(["unknown-key@27"]);
  });

  it("is complete only with codes, none empty, then nothing or ` -- reason`", () => {
    const complete = (text: string) => readSuppression(text)?.complete;
    const comments = ["a", "a, b  ", "a -- why", "a --", "a,", "a b", "a -why", "a, -- why"];
    expect(Object.fromEntries(comments.map((rest) => [rest, complete(`# mailroom-disable ${rest}`)]))).toEqual({
      a: true,
      "a, b  ": true,
      "a -- why": true,
      "a --": true,
      "a,": false,
      "a b": false,
      "a -why": false,
      "a, -- why": false,
    });
    // `--` without a blank before it is part of the code, as a code may hold dashes.
    expect(codes("# mailroom-disable a--why")).toEqual(["a--why@19"]);
  });

  it("reads the text up to a cursor: the codes named, then the one being typed, and whether it stops among them", () => {
    expect(codes("# mailroom-disable-next-line unused-metadata, box")).toEqual(["unused-metadata@29", "box@46"]);
    expect(codes("# mailroom-disable-next-line unused-metadata, ")).toEqual(["unused-metadata@29", "@46"]);
    expect(readSuppression("# mailroom-disable-next-line unused-metadata, ")).toMatchObject({
      codesEnd: 44,
      endsInCodes: true,
    });
    expect(readSuppression("# mailroom-disable-next-line ")?.codes).toEqual([{ code: "", offset: 29 }]);
    expect(readSuppression("# mailroom-disable a -- re")?.endsInCodes).toBe(false);
  });

  it("is nothing for another comment, or a directive without a blank after it", () => {
    for (const other of [
      "# a comment",
      "# mailroom-disable",
      "# mailroom-disable-next-linex a",
      "# mailroom-disabled a",
    ]) {
      expect(readSuppression(other), other).toBeUndefined();
    }
  });
});
