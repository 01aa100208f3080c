import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  type CodeAction,
  CodeActionRequest,
  type CompletionItem,
  CompletionRequest,
  DefinitionRequest,
  HoverRequest,
  type Location,
  type MarkupContent,
} from "vscode-languageserver-protocol";
import { readAnnotations } from "../../../test/annotations.js";
import { applyEdits, positionOf, repoRoot, serverForAll, uriOf } from "./client.js";

/*
 * Request files over stdio: each request rule's fixture (test/fixtures/requests, checked against the examples'
 * services) opened in the real server, which publishes what its annotations mark, as `mailroom lint` reports it.
 */

const FIXTURES = join(repoRoot, "test/fixtures/requests");
const fixtures = readdirSync(FIXTURES).filter((name) => /\.(job|delivery)\.yaml$|\.ou\.json$/.test(name));

/** `line:column-endColumn code`, 1-based, end exclusive, as the annotations and the expected outputs write places. */
const place = (line: number, column: number, end: number, code: unknown) => `${line}:${column}-${end} ${code}`;

describe("request files over stdio", () => {
  const server = serverForAll({ initializationOptions: { diagnosticsDelay: 0 } });

  it.each(fixtures)("%s: the server publishes what the fixture expects", async (name) => {
    const file = join(FIXTURES, name);
    const text = readFileSync(file, "utf8");
    const published = await server.client.diagnostics(
      server.client.open(file, text, name.endsWith(".json") ? "json" : "yaml"),
    );
    const got = published.diagnostics
      .map((d) => place(d.range.start.line + 1, d.range.start.character + 1, d.range.end.character + 1, d.code))
      .sort();
    if (name.endsWith(".json")) {
      const expected = readFileSync(file.replace(".ou.json", ".expected.txt"), "utf8");
      const codes = [...expected.matchAll(/^(\d+):(\d+) .* {2}([a-z-]+)$/gm)].map((m) => `${m[1]}:${m[2]} ${m[3]}`);
      expect(
        got.map((g) => g.replace(/-\d+ /, " ")),
        server.client.stderr(),
      ).toEqual(codes.sort());
      return;
    }
    const expected = readAnnotations(text).map((a) => place(a.line, a.column, a.endColumn, a.code));
    expect(got, server.client.stderr()).toEqual(expected.sort());
  });

  it("offers a request file's fix and a suppression comment, which silences the finding", async () => {
    const file = join(repoRoot, "examples/actions.delivery.yaml");
    const text = readFileSync(join(FIXTURES, "channel-label.delivery.yaml"), "utf8")
      .replace(/^service: .*\//m, "service: ")
      .replace(/^#.*\^.*\n/gm, "");
    const uri = server.client.open(file, text);
    const [finding] = (await server.client.diagnostics(uri)).diagnostics;
    expect(finding?.code).toBe("channel-label");
    if (!finding) return;
    const actions = (await server.client.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range: finding.range,
      context: { diagnostics: [finding] },
    })) as CodeAction[];
    expect(actions.map((a) => `${a.kind} ${a.title}`)).toEqual([
      'quickfix Use the label "Courrier – lettre verte"',
      "quickfix Disable channel-label for this line",
      "source.fixAll Fix all auto-fixable problems",
    ]);
    expect(applyEdits(text, actions[0]?.edit?.changes?.[uri] ?? [])).toContain('    "Courrier – lettre verte":\n');
    const disabled = applyEdits(text, actions[1]?.edit?.changes?.[uri] ?? []);
    expect(disabled).toContain("    # mailroom-disable-next-line channel-label -- \n    MAIL:\n");
    // Asked only for the fix-all kind, only that.
    const fixAll = (await server.client.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range: finding.range,
      context: { diagnostics: [], only: ["source.fixAll"] },
    })) as CodeAction[];
    expect(fixAll.map((a) => a.kind)).toEqual(["source.fixAll"]);
    // Applied, as the editor would: the finding is silenced, and the comment is not reported as unused.
    const since = server.client.publications.length;
    server.client.change(uri, 2, [{ text: disabled }]);
    expect((await server.client.diagnostics(uri, undefined, since)).diagnostics).toEqual([]);
  });

  it("points a channel named by its name at the channel's label, in the service's file", async () => {
    const file = join(FIXTURES, "channel-label.delivery.yaml");
    const published = await server.client.diagnostics(server.client.open(file, readFileSync(file, "utf8")));
    const [finding] = published.diagnostics;
    expect(finding?.message).toBe(
      '"MAIL" is the name of channel "Courrier – lettre verte", not its label; did you mean "Courrier – lettre verte"?',
    );
    expect(finding?.relatedInformation?.[0]?.location.uri).toBe(
      uriOf(join(repoRoot, "examples/payslips.service.yaml")),
    );
  });
});

/** A job of the payslips example being typed, beside it (never written: the editor's buffer only). */
const JOB = `service: payslips.service.yaml
parameters:
  jobName: Avril
  serviceId: "3307"
  autocreateDeliveryCommand: false
  splitConfiguration:
    ATTESTATIONS: { "@type": bsc.PAGE, editable: true, pages: 2 }
parts:
  file__file_PAYSLIPS_0: samples/payslips/PAIE_2024_04.pdf
  fi:
`;

const DELIVERY = `service: payslips.service.yaml
command:
  jobId: "1"
  serviceChannelOptions:
    Courrier – lettre verte:
      MAIN: []
    Co:
`;

describe("help in request files over stdio", () => {
  const server = serverForAll({ initializationOptions: { diagnosticsDelay: 0 } });
  const open = (name: string, text: string) => server.client.open(join(repoRoot, "examples", name), text);

  const complete = async (uri: string, text: string, marker: string, delta: number): Promise<string[]> => {
    const list = await server.client.connection.sendRequest(CompletionRequest.type, {
      textDocument: { uri },
      position: positionOf(text, marker, delta),
    });
    return (Array.isArray(list) ? list : (list?.items ?? [])).map((item: CompletionItem) => item.label);
  };

  it("completes part names from the service's boxes, the next counter of each, and editable splits' boxes", async () => {
    const uri = open("typing.job.yaml", JOB);
    expect(await complete(uri, JOB, "  fi:", 4)).toEqual(["file__file_PAYSLIPS_1", "file__file_ATTESTATIONS_0"]);
    expect(await complete(uri, JOB, "ATTESTATIONS: {", 2)).toEqual(["ATTESTATIONS"]);
  });

  it("completes channel labels and the option values the configuration's listings give", async () => {
    const uri = open("typing.delivery.yaml", DELIVERY);
    expect(await complete(uri, DELIVERY, "    Co:", 6)).toEqual(["E-mail sécurisé salarié", "Courrier – lettre verte"]);
    expect(await complete(uri, DELIVERY, "MAIN: []", 7)).toEqual(["1SIDE", "2SIDE", "C5", "C4"]);
  });

  it("says on hover what box a part fills, and goes to the box and the channel in the service", async () => {
    const job = open("typing.job.yaml", JOB);
    const hover = await server.client.connection.sendRequest(HoverRequest.type, {
      textDocument: { uri: job },
      position: positionOf(JOB, "file__file_PAYSLIPS_0", 3),
    });
    expect((hover?.contents as MarkupContent | undefined)?.value).toContain("**Box `PAYSLIPS`**");
    const service = uriOf(join(repoRoot, "examples/payslips.service.yaml"));
    const toBox = (await server.client.connection.sendRequest(DefinitionRequest.type, {
      textDocument: { uri: job },
      position: positionOf(JOB, "file__file_PAYSLIPS_0", 3),
    })) as Location[];
    expect(toBox.map((l) => [l.uri, l.range.start.line + 1])).toEqual([[service, 14]]);
    const delivery = open("typing.delivery.yaml", DELIVERY);
    const toChannel = (await server.client.connection.sendRequest(DefinitionRequest.type, {
      textDocument: { uri: delivery },
      position: positionOf(DELIVERY, "Courrier", 2),
    })) as Location[];
    expect(toChannel.map((l) => [l.uri, l.range.start.line + 1])).toEqual([[service, 125]]);
  });

  it("checks the organizational unit the configuration names, whatever its name, as lint does", async () => {
    const file = join(repoRoot, "examples/organizational-unit.json");
    const text = readFileSync(file, "utf8").replace('"vauban-hotels.paie"', '"vauban hotels"');
    const unit = server.client.open(file, text, "json");
    const published = await server.client.diagnostics(unit);
    expect(published.diagnostics.map((d) => [d.range.start.line + 1, d.code])).toEqual([[4, "account-identifier"]]);
    // Closed, its diagnostics are cleared; another JSON file beside it is not a unit, and is left alone.
    const since = server.client.publications.length;
    server.client.close(unit);
    expect((await server.client.diagnostics(unit, undefined, since)).diagnostics).toEqual([]);
    const other = server.client.open(join(repoRoot, "examples/options/test/options.json"), "{", "json");
    server.client.open(file, text, "json");
    await server.client.diagnostics(unit, (p) => p.diagnostics.length > 0, since);
    expect(server.client.publications.some((p) => p.uri === other)).toBe(false);
    server.client.close(unit);
    server.client.close(other);
  });

  it("checks against the called service as its open document says, unsaved edits and all, and again once closed", async () => {
    const text = readFileSync(join(repoRoot, "examples/payslips.delivery.yaml"), "utf8");
    const delivery = open("open-service.delivery.yaml", text);
    expect((await server.client.diagnostics(delivery)).diagnostics).toEqual([]);
    // The channel's label changed in the editor, not on disk: the command names a label the service no longer has.
    const serviceFile = join(repoRoot, "examples/payslips.service.yaml");
    const renamed = readFileSync(serviceFile, "utf8").replace(
      "  Courrier – lettre verte:",
      "  Courrier – lettre rapide:",
    );
    let since = server.client.publications.length;
    const service = server.client.open(serviceFile, renamed);
    const changed = await server.client.diagnostics(delivery, (p) => p.diagnostics.length > 0, since);
    expect(changed.diagnostics.map((d) => [d.range.start.line + 1, d.code])).toEqual([[8, "channel-label"]]);
    // Closed without saving: the file on disk is the service again.
    since = server.client.publications.length;
    server.client.close(service);
    expect((await server.client.diagnostics(delivery, undefined, since)).diagnostics).toEqual([]);
  });
});
