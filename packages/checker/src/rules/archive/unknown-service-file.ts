import { type Box, uuid } from "@mailroom/model";
import * as z from "zod";
import { defineRule, type Path } from "../../engine/rule.js";
import { ARCHIVE, boxPath, q } from "./shared.js";

const options = z.strictObject({
  serviceFiles: z
    .array(uuid())
    .optional()
    .describe(
      "UUIDs of the files stored with the service (as the API lists them); when given, every configured file and apposition must name one of them.",
    ),
});

interface FileUse {
  readonly id: string;
  readonly path: Path;
  readonly box: string;
  readonly role: "configured" | "apposition";
}

/** Every non-null `serviceFileId` of the service, configured files and appositions, in file order. */
function fileUses(boxes: readonly Box[]): FileUse[] {
  const uses: FileUse[] = [];
  boxes.forEach((box, index) => {
    if (box["@type"] === ARCHIVE) return;
    const lists = [
      ["configuredFiles", "configured", box.configuredFiles],
      ["appositions", "apposition", box["@type"] === "box.PDF" ? box.appositions : undefined],
    ] as const;
    for (const [key, role, entries] of lists) {
      entries?.forEach((entry, i) => {
        if (typeof entry.serviceFileId !== "string") return;
        const path = [...boxPath(index), key, i, "serviceFileId"];
        uses.push({ id: entry.serviceFileId, path, box: box.name, role });
      });
    }
  });
  return uses;
}

/** The index after the run of equal characters of `a` and `b` from `from`. */
function sameUntil(a: string, b: string, from: number): number {
  let at = from;
  while (at < a.length && a.charCodeAt(at) === b.charCodeAt(at)) at++;
  return at;
}

/** Whether two ids of the same length are one slip apart: one character replaced, or two neighbours swapped. */
function oneSlipApart(a: string, b: string): boolean {
  const first = sameUntil(a, b, 0);
  if (first === a.length) return false;
  if (sameUntil(a, b, first + 1) === a.length) return true;
  return a[first] === b[first + 1] && a[first + 1] === b[first] && sameUntil(a, b, first + 2) === a.length;
}

/**
 * Finds the declared id one slip away from a UUID (the first declared). Two real random UUIDs are never that
 * close, so such a pair is a typo. A comparison of characters, stopping at the second difference: no string is
 * made for a look-up.
 */
function nearMiss(declared: Iterable<string>, id: string): string | undefined {
  for (const candidate of declared) if (candidate.length === id.length && oneSlipApart(candidate, id)) return candidate;
  return undefined;
}

/**
 * A `serviceFileId` naming a file the service does not have. The service's stored files are not part of its
 * JSON: `configuredFiles` list the files a box offers at job creation, and an apposition's overlay or image is a
 * stored file that need not be offered in any box. So, by default, the files a service declares are its
 * configured files with an id, and an apposition file is reported only when it is one slip (a character
 * replaced, two swapped) away from a declared one: a typo, since real UUIDs are never that close. With the
 * `serviceFiles` option (the UUIDs of the files stored with the service), every configured file and apposition
 * file must be one of them. UUIDs compare without regard to case.
 */
export const rule = defineRule({
  meta: {
    id: "unknown-service-file",
    basis: {
      kind: "states",
      section: "Box",
      quote: "UUID of a service file; null when adding a new one; otherwise must exist in the service",
    },
    description: "A configured file or an apposition names a service file that the service does not declare.",
    options,
    fixable: true,
    messages: {
      notStored:
        '{{role}} file {{file}} of box {{box}} is not among the files stored with the service (option "serviceFiles"); expected the id of a stored file.',
      notStoredNear:
        '{{role}} file {{file}} of box {{box}} is not among the files stored with the service (option "serviceFiles"); did you mean {{suggestion}}?',
      notDeclaredNear:
        "{{role}} file {{file}} of box {{box}} is not a file the service declares; did you mean {{suggestion}}, a configured file of box {{declaredIn}}?",
      declared: "Service file {{suggestion}} is declared here.",
      use: "Use service file {{suggestion}}",
    },
  },
  check(context) {
    const stored = (context.options as z.infer<typeof options> | undefined)?.serviceFiles;
    const uses = fileUses(context.service.properties.boxes);
    // Declared files, by lower-case id: the spelling to suggest, and where it is declared when in the service.
    const declared = new Map<string, { id: string; use?: FileUse }>();
    if (stored) for (const id of stored) declared.set(id.toLowerCase(), { id });
    else for (const use of uses) if (use.role === "configured") declared.set(use.id.toLowerCase(), { id: use.id, use });
    if (declared.size === 0 && !stored) return;

    for (const use of uses) {
      if (!stored && use.role !== "apposition") continue;
      const id = use.id.toLowerCase();
      if (declared.has(id)) continue;
      const near = nearMiss(declared.keys(), id);
      const suggestion = near === undefined ? undefined : declared.get(near);
      if (!stored && !suggestion) continue;
      const data = {
        role: use.role === "configured" ? "Configured" : "Apposition",
        file: q(use.id),
        box: q(use.box),
        suggestion: q(suggestion?.id),
        declaredIn: q(suggestion?.use?.box),
      };
      // Without stored files, only a near miss of a declared file is reported (above): it has a suggestion.
      context.report({
        path: use.path,
        messageId: stored ? (suggestion ? "notStoredNear" : "notStored") : "notDeclaredNear",
        data,
        ...(suggestion?.use ? { related: [{ path: suggestion.use.path, messageId: "declared", data }] } : {}),
        ...(suggestion ? { fix: { messageId: "use", data, path: use.path, value: suggestion.id } } : {}),
      });
    }
  },
});
