import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import {
  HoverRequest,
  type MarkupContent,
  PrepareRenameRequest,
  RenameRequest,
  type WorkspaceEdit,
} from "vscode-languageserver-protocol";
import { applyEdits as apply, cliBin, positionOf, SAMPLE, serverForAll, writeFile } from "./client.js";

const run = promisify(execFile);

/** The codes and 1-based lines `mailroom lint --format json` reports for a file. */
async function lint(file: string, cwd: string): Promise<string[]> {
  const { stdout } = await run(process.execPath, [cliBin, "lint", "--format", "json", file], { cwd }).catch(
    (error: { stdout: string }) => ({ stdout: error.stdout }),
  );
  return (JSON.parse(stdout) as { code: string; line: number }[]).map((d) => `${d.code} ${d.line}`).sort();
}

const lineOf = (text: string, needle: string) => positionOf(text, needle).line + 1;

describe("partial checking, rename and hover over stdio", () => {
  const server = serverForAll({ initializationOptions: { diagnosticsDelay: 0 } });

  /** Opens `text` as a new service file of the folder; its path, URI and the published diagnostics. */
  async function open(name: string, text: string) {
    const file = writeFile(join(server.dir, name), text);
    const uri = server.client.open(file, text);
    const published = await server.client.diagnostics(uri);
    return { file, uri, diagnostics: published.diagnostics };
  }

  it("publishes the rules' findings in the boxes a structural error in another box does not hold back", async () => {
    // `type: pdff` holds back box ANNEXES only: LETTER's misspelt reference is still reported.
    const text = SAMPLE.replace("  ANNEXES:\n    type: pdf\n", "  ANNEXES:\n    type: pdff\n");
    const { file, diagnostics } = await open("partial.service.yaml", text);
    const published = diagnostics.map((d) => `${d.code} ${d.range.start.line + 1}`).sort();
    expect(published).toContain(`unknown-type ${lineOf(text, "pdff")}`);
    expect(published).toContain(`undefined-metadata ${lineOf(text, "meta.recipientNmae")}`);
    expect(published).toEqual(await lint(file, server.dir));
  });

  it("renames a box despite an expression error elsewhere", async () => {
    const text = SAMPLE.replace("annexOwner: fileName[0:8]", "annexOwner: concat(fileName[0:8],");
    const { uri, diagnostics } = await open("elsewhere.service.yaml", text);
    expect(diagnostics.map((d) => d.code)).toContain("expression-syntax");
    const position = positionOf(text, "LETTER:", 2);
    const edit = (await server.client.connection.sendRequest(RenameRequest.type, {
      textDocument: { uri },
      position,
      newName: "MAIN_LETTER",
    })) as WorkspaceEdit;
    const renamed = apply(text, edit.changes?.[uri] ?? []);
    expect(renamed).toContain("  MAIN_LETTER:\n");
    expect(renamed).not.toMatch(/\bLETTER\b/);
  });

  it("refuses a rename where an expression that does not parse writes the name, saying where", async () => {
    const text = SAMPLE.replace("annexOwner: fileName[0:8]", `annexOwner: 'concat("a, meta.recipientName)'`);
    const { uri } = await open("hidden.service.yaml", text);
    const position = positionOf(text, "recipientName:", 3);
    const line = lineOf(text, "annexOwner:");
    const message = new RegExp(`^Found "recipientName" on line ${line}, .*\\(expression-syntax on line ${line}, `);
    await expect(
      server.client.connection.sendRequest(PrepareRenameRequest.type, { textDocument: { uri }, position }),
    ).rejects.toMatchObject({ message: expect.stringMatching(message) });
    await expect(
      server.client.connection.sendRequest(RenameRequest.type, { textDocument: { uri }, position, newName: "name" }),
    ).rejects.toMatchObject({ message: expect.stringMatching(message) });
  });

  it("hovers a box's name and a metadata reference with what they name", async () => {
    const { uri } = await open("names.service.yaml", SAMPLE);
    const hover = async (marker: string, delta: number) =>
      (
        (
          await server.client.connection.sendRequest(HoverRequest.type, {
            textDocument: { uri },
            position: positionOf(SAMPLE, marker, delta),
          })
        )?.contents as MarkupContent | undefined
      )?.value;
    expect(await hover("  LETTER:", 3)).toBe("**LETTER**: PDF box, “Lettre à envoyer (PDF)”; it takes exactly 1 file.");
    expect(await hover("meta.annexOwner", 7)).toMatch(/^\*\*annexOwner\*\* \(box ANNEXES\): characters 1 to 8 /);
  });

  it("hovers expressions with sentences that say what they do: a negated comparison, a replacement", async () => {
    const text = SAMPLE.replace(
      "annexOwner: fileName[0:8]",
      // A function, as a replacement string would read `$$` as one `$`.
      () => 'annexOwner: fileName[0:8] | replace(/(\\d+)-(\\d+)/, "\\\\$$2.$1")',
    ).replace("when: meta.annexOwner == meta.letterReference", "when: not (meta.annexOwner == meta.letterReference)");
    const { uri } = await open("sentences.service.yaml", text);
    const hover = async (marker: string, delta: number) =>
      (
        (
          await server.client.connection.sendRequest(HoverRequest.type, {
            textDocument: { uri },
            position: positionOf(text, marker, delta),
          })
        )?.contents as MarkupContent | undefined
      )?.value.split("\n\n")[0];
    expect(await hover("not (meta.annexOwner", 1)).toBe("Metadata annexOwner differs from metadata letterReference.");
    expect(await hover("meta.annexOwner", 7)).toBe(
      '**annexOwner** (box ANNEXES): characters 1 to 8 of the file name, with every match of /(\\\\d+)-(\\\\d+)/ replaced by "$" followed by group 2, "." and group 1.',
    );
  });

  it("hovers a function with its documentation first and the compiled JSON after a rule", async () => {
    const { uri } = await open("function.service.yaml", SAMPLE);
    const hover = await server.client.connection.sendRequest(HoverRequest.type, {
      textDocument: { uri },
      position: positionOf(SAMPLE, "| upper", 3),
    });
    const markup = hover?.contents as MarkupContent;
    expect(markup.kind).toBe("markdown");
    const [documentation, json] = markup.value.split("\n\n---\n\n");
    expect(documentation).toContain("upper(text)");
    expect(documentation).not.toContain("```json");
    expect(json).toMatch(/^Compiles to:\n\n```json\n\{\n {2}"@type": "exv\.StrNormalizeCase"/);
  });
});
