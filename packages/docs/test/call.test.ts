import { documentServices, renderJson, renderMarkdownPage } from "@mailroom/docs";
import { describe, expect, it } from "vitest";
import { checked, documented, example } from "./documented.js";

/** A service of a MAIN box and an attachment box, with what `attachment` says of the second. */
const service = (attachment: string, channels = "channels:\n  Post:\n    name: MAIL\n") => `id: 7
name: Letters
type: SIMPLE_MULTIPLE
boxes:
  LETTERS:
    type: pdf
    main: true
    elements: 1
    metadata:
      key: fileName
  EXTRA:
    type: pdf
${attachment}
${channels}`;

describe("how to call a service: boxes", () => {
  it("makes a box mandatory when its reconcile expects a document, whatever its minElements", () => {
    const docs = documented(
      service("    elements: 0..3\n    reconcile: { when: meta.key == meta.key, expected: 1..*, matches: 0..1 }"),
    );
    expect(docs.errors).toBe(0);
    expect(docs.call.boxes.map((b) => [b.box, b.mandatory])).toEqual([
      ["LETTERS", true],
      ["EXTRA", true],
    ]);
    const optional = documented(
      service("    elements: 0..3\n    reconcile: { when: true, expected: 0..*, matches: 0..1 }"),
    );
    expect(optional.call.boxes.map((b) => b.mandatory)).toEqual([true, false]);
  });

  it("says a box is filled by its stored file, and a file with no id shifts no counter", () => {
    const uuid = "3f6c2b1e-8d4a-4c7f-9e21-5a0b7d9c4e12";
    const docs = documented(
      service(
        `    elements: 1..2\n    files: [ { removable: true }, { id: ${uuid}, removable: false } ]\n    reconcile: { when: true }`,
      ),
    );
    const extra = docs.call.boxes[1];
    expect(extra?.serviceFiles).toEqual([
      { box: "EXTRA", part: "serviceFile__file_EXTRA_0", serviceFileId: uuid, removable: false },
    ]);
    expect(extra?.filledFrom).toBe(
      `the file \`${uuid}\` stored with the service, sent as the part \`serviceFile__file_EXTRA_0\` carrying its id; uploaded, each file as a part \`file__file_EXTRA_<n>\` (\`n\` from 0)`,
    );
    expect(docs.call.configuredFiles).toEqual(extra?.serviceFiles);
    expect(docs.call.parts.filter((p) => p.kind === "service-file")).toEqual([
      { part: "serviceFile__file_EXTRA_0", kind: "service-file", box: "EXTRA", value: uuid },
    ]);
    const page = renderMarkdownPage(docs);
    expect(page).toContain("| [EXTRA](#box-extra) | 1 to 2 files | yes | the file `3f6c2b1e");
    expect(page).toContain(`--form-string 'serviceFile__file_EXTRA_0=${uuid}'`);
  });

  it("gives a placeholder for each file a job must upload, in the part-name form chosen", () => {
    const text = service("    elements: 0..3\n    reconcile: { when: true, expected: 1..*, matches: 0..1 }");
    const [docs] = documentServices([checked("test.service.yaml", text)], { partNames: "file_main" }).services;
    expect(docs?.call.partNames.form).toBe("file_main<BoxID>_<n>");
    expect(docs?.call.parts.map((p) => [p.part, p.value])).toEqual([
      ["parameters", null],
      ["file_mainLETTERS_0", "LETTERS-1.pdf"],
      ["file_mainEXTRA_0", "EXTRA-1.pdf"],
    ]);
  });

  it("shows the first few placeholders of a box a job must give many files, however many", () => {
    for (const [elements, count] of [
      ["1000", "1,000"],
      ["12345678901234567890123", "more than 9,007,199,254,740,991"],
    ]) {
      const docs = documented(
        service("    elements: 1").replace("elements: 1\n    metadata", `elements: ${elements}\n    metadata`),
      );
      const letters = docs.call.parts.filter((p) => p.box === "LETTERS").map((p) => p.value);
      expect(letters).toEqual(["LETTERS-1.pdf", "LETTERS-2.pdf", "LETTERS-3.pdf", "LETTERS-4.pdf", "LETTERS-5.pdf"]);
      const words = docs.call.steps[0]?.words;
      expect(words).toContain(
        `A job must hold ${count} files of \`LETTERS\`: the request shows the first 5; add the others the same way.`,
      );
    }
  });
});

describe("how to call a service: the delivery command", () => {
  it("sends only options a user may choose: unconditional ones on MAIN, by channel label", () => {
    const docs = documented(
      service(
        "    elements: 0..1\n    reconcile: { when: true }",
        `channels:
  Courrier:
    name: MAIL
    outputFiles: [MAIN, COPY]
    cutOffTime: "16:00"
    options:
      - { outputFileName: MAIN, optionType: printMode, value: 2SIDE }
      - { outputFileName: COPY, optionType: printMode, value: 1SIDE }
      - outputFileName: MAIN
        optionType: envelopeType
        value: C5
        condition: { "@type": exb.LessThan, expr1: { "@type": exv.NumSheetsValue }, expr2: { "@type": exv.Value, value: "3" } }
`,
      ),
    );
    expect(docs.call.deliveryCommand).toEqual({
      jobId: "<jobId returned by POST /jobs>",
      serviceChannelOptions: { Courrier: { MAIN: ["2SIDE"] } },
    });
    const step = docs.call.steps.find((s) => s.title === "Send the delivery command");
    const words = step?.words.join("\n") ?? "";
    expect(words).toContain("Commands name this channel by its label, `Courrier`, not by its name `MAIL`.");
    expect(words).toContain("`Courrier` sets `envelopeType` on `MAIN` by a condition");
    expect(words).toContain("The options of `COPY` (output files other than `MAIN`) are not meant to be changed");
    expect(words).toContain("`autocreateDeliveryCommand: false`");
    expect(words).toContain("`packGroupIds` (optional)");
    expect(words).toContain("`Courrier` posts until its cut-off time `16:00` (`cutOffTime`)");
    expect(step?.command).toContain('"jobId": "$JOB_ID"');
  });

  it("sends no option for an output file the channel does not have", () => {
    const docs = documented(
      service(
        "    elements: 0..1\n    reconcile: { when: true }",
        "channels:\n  Post:\n    outputFiles: [COPY]\n    options:\n      - { outputFileName: MAIN, optionType: printMode, value: 2SIDE }\n",
      ),
    );
    expect(docs.call.deliveryCommand).toEqual({ jobId: "<jobId returned by POST /jobs>" });
  });

  it("carries the same content in the JSON view as in the Markdown", () => {
    const docs = example("payslips");
    const json = JSON.parse(renderJson(docs));
    expect(json.call).toEqual(JSON.parse(JSON.stringify(docs.call)));
    const page = renderMarkdownPage(docs);
    for (const step of docs.call.steps) expect(page).toContain(step.command);
  });
});
