import fc from "fast-check";
import { area, expressions, name, text } from "../../model/test/arbitraries.js";

/**
 * Random services as the API returns them, built from the model: every box type, every field (optional ones
 * sometimes left out), every expression type (the generator shared with the compiler's tests, in the model's
 * tests) with box targets (right and wrong), splits, appositions, duplicate names, and pass-through fields on
 * data-file and archive boxes and on channels.
 * Reconcile counts are always present, as the API returns them (see the decompiler's one normalisation).
 */

/**
 * How many runs a property makes: `count` times MAILROOM_PROPERTY_RUNS (default 1), so that a deeper search
 * (MAILROOM_PROPERTY_RUNS=20 npx vitest run packages/format) needs no change to the tests.
 */
const SCALE = Number(process.env.MAILROOM_PROPERTY_RUNS ?? 1);
export const runs = (count: number): number => Math.round(count * SCALE);

/** The time a property test may take: vitest's default, times the scale of `runs`. */
export const PROPERTY_TIMEOUT = 120_000 * Math.max(1, SCALE);

const uuid = fc.uuid();
const flag = fc.boolean();

/** Keys named like Object's members: data like any other key (JSON.parse and fast-check define them as such). */
const OBJECT_MEMBERS = ["__proto__", "constructor", "prototype", "hasOwnProperty"] as const;

/**
 * JSON values for pass-through fields, as JSON text holds them (so no -0, which JSON.stringify writes 0), objects
 * among them sometimes holding keys named like Object's members.
 */
export const json = fc
  .oneof(
    { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...OBJECT_MEMBERS), fc.jsonValue({ maxDepth: 1 })) },
  )
  .map((value) => JSON.parse(JSON.stringify(value)) as unknown);

/** Counts: at least 0, or for an upper bound more than 0 or -1 (no limit). */
const lower = fc.oneof(fc.constant(0), fc.nat(20));
const upper = fc.oneof(fc.constant(-1), fc.integer({ min: 1, max: 20 }));

const split = fc.oneof(
  fc.record({ "@type": fc.constant("bsc.NONE"), editable: flag }),
  fc.record({ "@type": fc.constant("bsc.PAGE"), editable: flag, pages: fc.integer({ min: 1, max: 10 }) }),
  fc.record(
    {
      "@type": fc.constant("bsc.PDF_AREA"),
      editable: flag,
      area,
      value: text.filter((t) => t.length > 0),
      pages: fc.constantFrom(1, -1),
      extractionParameters: fc.dictionary(name, text, { maxKeys: 2 }),
    },
    { requiredKeys: ["@type", "editable", "area", "value", "pages"] },
  ),
);

const apposition = fc.record(
  {
    "@type": fc.constantFrom("bap.Overlay", "bap.Image"),
    id: fc.oneof(fc.constant(null), fc.nat().map(String), fc.constantFrom("007", "0"), uuid),
    targetType: fc.constantFrom("ADDRESS_PAGE", "DOCUMENT", "COMPOSED_DOCUMENT"),
    serializedPageFilter: fc.oneof(fc.constantFrom("1", "1-", "2-", "1,3-5", "-1"), text),
    background: flag,
    editable: flag,
    serviceFileId: uuid,
  },
  { requiredKeys: ["@type", "id", "targetType", "serializedPageFilter", "background", "editable"] },
);

/**
 * Extra fields the spec does not show, passed through on data-file and archive boxes and on channels, and keys
 * named like Object's members.
 */
const extras = (keys: readonly string[]) =>
  fc.dictionary(fc.constantFrom(...keys, ...OBJECT_MEMBERS), json, { maxKeys: 3 });

/** Names for a collection: usually distinct, sometimes with a duplicate (which the DSL writes in the list form). */
const names = (count: number) =>
  fc.oneof(
    { weight: 5, arbitrary: fc.uniqueArray(name, { minLength: count, maxLength: count }) },
    { weight: 1, arbitrary: fc.array(name, { minLength: count, maxLength: count }) },
  );

/** How big the services are: small ones for many runs, larger ones for fewer. */
interface Size {
  readonly boxes: number;
  readonly metadata: number;
  readonly depth: number;
}

function box(boxName: string, type: string, size: Size) {
  const main = fc.boolean();
  const common = {
    "@type": fc.constant(type),
    name: fc.constant(boxName),
    hidden: flag,
    minElements: fc.nat(10),
    maxElements: fc.nat(10),
    label: text,
  };
  if (type === "box.ARCHIVE") {
    return fc
      .tuple(
        fc.record(common, { requiredKeys: ["@type", "name", "hidden", "minElements", "maxElements"] }),
        // Not "main": a DSL key of the other boxes, an error on an archive box, so such a box cannot be decompiled.
        extras(["format", "maxEntries", "metadatas", "x-custom"]),
      )
      .map(([fields, extra]) => ({ ...extra, ...fields }));
  }
  return main.chain((isMain) => {
    const { value, condition } = expressions({ name: boxName, main: isMain }, size.depth);
    const metadataCount = fc.nat(size.metadata);
    const metadatas = metadataCount.chain((count) =>
      names(count).chain((metaNames) =>
        fc.tuple(
          ...metaNames.map((metaName) =>
            fc.record({ name: fc.constant(metaName), persist: flag, editable: flag, content: value }),
          ),
        ),
      ),
    );
    const inflated = {
      ...common,
      main: fc.constant(isMain),
      parent: fc.oneof(
        fc.constant(null),
        fc.record({ boxName: name, fileMatcher: condition, rank: fc.integer({ min: 1, max: 5 }) }),
      ),
      metadatas,
      reconcile: fc.oneof(
        fc.constant(null),
        fc.record({ condition, minExpected: lower, maxExpected: upper, minMatches: lower, maxMatches: upper }),
      ),
      configuredFiles: fc.array(fc.record({ serviceFileId: fc.oneof(fc.constant(null), uuid), removable: flag }), {
        maxLength: 2,
      }),
    };
    const required = [
      "@type",
      "name",
      "hidden",
      "minElements",
      "maxElements",
      "main",
      "parent",
      "metadatas",
      "reconcile",
      "configuredFiles",
    ] as const;
    if (type === "box.PDF") {
      return fc.record(
        {
          ...inflated,
          integrityPreservable: flag,
          splitConfig: split,
          hasAddressPage: flag,
          appositions: fc.array(apposition, { maxLength: 2 }),
        },
        { requiredKeys: [...required] },
      );
    }
    return fc
      .tuple(
        fc.record(inflated, { requiredKeys: [...required] }),
        extras(["encoding", "separator", "x-custom", "weird key: #"]),
      )
      .map(([fields, extra]) => ({ ...extra, ...fields }));
  });
}

const outputFile = fc
  .tuple(
    fc.record({ name: fc.oneof(fc.constantFrom("MAIN", "COPY"), text) }, { requiredKeys: [] }),
    extras(["preserveIntegrity", "sourceBox"]),
  )
  .map(([fields, extra]) => ({ ...extra, ...fields }));

const channels = fc.nat(2).chain((count) =>
  names(count).chain((labels) =>
    fc.tuple(
      ...labels.map((label) =>
        fc
          .tuple(
            fc.record({
              label: fc.constant(label),
              outputFilesConfig: fc.oneof(fc.constant([{ name: "MAIN" }]), fc.array(outputFile, { maxLength: 3 })),
            }),
            extras(["name", "options", "x-custom"]),
          )
          .map(([fields, extra]) => ({ ...extra, ...fields })),
      ),
    ),
  ),
);

/** A random service, valid for the model; `small` ones have fewer boxes, metadata and nesting. */
export function serviceOf(size: "small" | "full") {
  const limits: Size = size === "small" ? { boxes: 1, metadata: 2, depth: 2 } : { boxes: 3, metadata: 2, depth: 3 };
  const boxes = fc
    .integer({ min: 0, max: limits.boxes })
    .chain((count) =>
      names(count).chain((boxNames) =>
        fc.tuple(
          ...boxNames.map((boxName) =>
            fc.constantFrom("box.PDF", "box.DATA_FILE", "box.ARCHIVE").chain((type) => box(boxName, type, limits)),
          ),
        ),
      ),
    );
  return fc.record(
    {
      id: fc.integer({ min: 1, max: 1_000_000 }),
      type: fc.constantFrom("SIMPLE_UNIQUE", "SIMPLE_MULTIPLE", "PREPROCESSING_UNIQUE", "PREPROCESSING", "ADVANCED"),
      name: text,
      organizationalUnit: fc.record({ id: fc.nat(), name: text }),
      properties: fc.record(
        {
          description: text,
          iconColor: fc.record({
            r: fc.integer({ min: 0, max: 255 }),
            g: fc.integer({ min: 0, max: 255 }),
            b: fc.integer({ min: 0, max: 255 }),
            a: fc.oneof(
              fc.constantFrom(1, 0, 0.8, 0.5),
              fc.double({ min: 0, max: 1, noNaN: true }).filter((n) => !Object.is(n, -0)),
            ),
          }),
          iconName: text,
          boxes,
          channels,
        },
        { requiredKeys: ["boxes", "channels"] },
      ),
    },
    { requiredKeys: ["id", "type", "name", "properties"] },
  );
}

export const service = serviceOf("full");
