import { copyFileSync, readFileSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { HoverRequest, type MarkupContent } from "vscode-languageserver-protocol";
import { positionOf, repoRoot, serverForAll, writeFile } from "./client.js";

/** Hover on a metadata shows its value on the sample files the configuration names, over stdio. */
describe("a metadata's value on the configured samples, on hover", () => {
  const server = serverForAll();
  let uri: string;
  let text: string;

  beforeAll(async () => {
    copyFileSync(
      join(repoRoot, "examples/samples/registered-letter/LRAR_2024-0317_Dupont.pdf"),
      join(server.dir, "letter.pdf"),
    );
    writeFile(join(server.dir, "mailroom.config.yaml"), "areaUnit: mm\nsamples:\n  LETTER: letter.pdf\n");
    text = readFileSync(join(repoRoot, "examples/registered-letter.service.yaml"), "utf8");
    uri = server.client.open(writeFile(join(server.dir, "letter.service.yaml"), text), text);
    await server.client.diagnostics(uri);
  });

  const hover = async (marker: string, delta: number) =>
    (
      (
        await server.client.connection.sendRequest(HoverRequest.type, {
          textDocument: { uri },
          position: positionOf(text, marker, delta),
        })
      )?.contents as MarkupContent | undefined
    )?.value ?? "";

  it("shows the value the metadata takes on the sample, under what it computes", async () => {
    const contents = await hover("recipientName:", 3);
    expect(contents).toMatch(/^\*\*recipientName\*\*: the text on page 1 in the area 110, 48, 85 x 6/);
    expect(contents).toContain('**On the sample** `letter.pdf`: `"Madame Claire Dupont"`');
  });

  it("says why a metadata has no value on the sample", async () => {
    // No organizational unit is given to the editor: the SIRET cannot be read.
    expect(await hover("senderSiret:", 3)).toContain(
      "**On the sample** `letter.pdf`: no value, no organizational unit is given.",
    );
  });

  it("reads a sample again once it changes on disk", async () => {
    const sample = join(server.dir, "letter.pdf");
    copyFileSync(join(repoRoot, "examples/samples/payslips/ATTEST_AB12345.pdf"), sample);
    utimesSync(sample, new Date("2024-01-01T00:00:00Z"), new Date("2024-01-01T00:00:00Z"));
    const changed = await hover("recipientName:", 3);
    expect(changed).toContain("**On the sample** `letter.pdf`:");
    expect(changed).not.toContain("Madame Claire Dupont");
    copyFileSync(join(repoRoot, "examples/samples/registered-letter/LRAR_2024-0317_Dupont.pdf"), sample);
    expect(await hover("recipientName:", 3)).toContain('`"Madame Claire Dupont"`');
  });
});
