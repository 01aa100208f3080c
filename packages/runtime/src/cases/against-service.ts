import type { Box, InflatedBox, Service } from "@mailroom/model";
import { type Diagnostic, diagnostic, nearest, type PathSegment, quotedList, type Span } from "@mailroom/syntax";
import type { LocateInTest } from "./read.js";
import { DOCUMENT_REFERENCE, type ServiceTestFile } from "./schema.js";

/**
 * What a test file says that only the service it tests can confirm: every box it names exists (a `BOX#n` of
 * `attachedTo` names a MAIN box, `documents` no archive box), every metadata it expects a value of is defined by
 * the document's box. Each problem sits at the name, with the nearest name suggested. Pure: the editor runs it too.
 */
export function checkAgainstService(test: ServiceTestFile, service: Service, locate: LocateInTest): Diagnostic[] {
  const boxes = service.properties.boxes as readonly Box[];
  const byName = new Map(boxes.map((box) => [box.name, box]));
  const keyOrValue = (path: PathSegment[]): Span => {
    const location = locate(path);
    return location.keySpan ?? location.span;
  };
  const problems: Diagnostic[] = [];
  const unknownBox = (box: string, span: Span) => {
    const suggestion = nearest(box, byName.keys());
    const data = { box, service: service.name };
    problems.push(
      suggestion
        ? diagnostic("unknown-box", "unknownNear", { ...data, suggestion }, span)
        : diagnostic("unknown-box", "unknown", { ...data, boxes: quotedList([...byName.keys()]) }, span),
    );
  };
  const mains = boxes.filter((box) => "main" in box && box.main).map((box) => box.name);

  test.cases.forEach((testCase, c) => {
    const at = (...path: PathSegment[]) => ["cases", c, ...path];
    for (const box of Object.keys(testCase.files)) {
      if (!byName.has(box)) unknownBox(box, keyOrValue(at("files", box)));
    }
    const expect = testCase.expect;
    for (const [box, documents] of Object.entries(expect?.documents ?? {})) {
      const found = byName.get(box);
      const span = keyOrValue(at("expect", "documents", box));
      if (!found) unknownBox(box, span);
      else if (found["@type"] === "box.ARCHIVE") problems.push(diagnostic("unknown-box", "archive", { box }, span));
      else {
        documents.forEach((document, d) => {
          const path = at("expect", "documents", box, d);
          problems.push(
            ...unknownMetadata(found, Object.keys(document.metadata ?? {}), [...path, "metadata"], keyOrValue),
          );
          document.attachedTo?.forEach((reference, r) => {
            const target = DOCUMENT_REFERENCE.exec(reference)?.groups?.box;
            const span = locate([...path, "attachedTo", r]).span;
            if (target === undefined || mains.includes(target)) return;
            if (!byName.has(target)) unknownBox(target, span);
            else problems.push(diagnostic("unknown-box", "notMain", { box: target, boxes: quotedList(mains) }, span));
          });
        });
      }
    }
    expect?.violations?.forEach((violation, v) => {
      if (!byName.has(violation.box)) unknownBox(violation.box, locate(at("expect", "violations", v, "box")).span);
    });
  });
  return problems.sort((a, b) => a.span.offset - b.span.offset);
}

/** Each metadata named that the box does not define, at its key. */
function unknownMetadata(
  box: Box,
  names: readonly string[],
  at: readonly PathSegment[],
  keyOrValue: (path: PathSegment[]) => Span,
): Diagnostic[] {
  const defined = box["@type"] === "box.ARCHIVE" ? [] : (box as InflatedBox).metadatas.map((m) => m.name);
  return names.flatMap((name) => {
    if (defined.includes(name)) return [];
    const span = keyOrValue([...at, name]);
    if (defined.length === 0) return [diagnostic("unknown-metadata", "none", { name, box: box.name }, span)];
    const suggestion = nearest(name, defined);
    return [
      suggestion
        ? diagnostic("unknown-metadata", "unknownNear", { name, box: box.name, suggestion }, span)
        : diagnostic("unknown-metadata", "unknown", { name, box: box.name, names: quotedList(defined) }, span),
    ];
  });
}
