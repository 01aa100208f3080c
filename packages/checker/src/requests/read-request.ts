import { diagnoseAgainst, isDslFile, type Location, locatorOf, Wording } from "@mailroom/compiler";
import { DeliveryFile, JobFile, OrganizationalUnit } from "@mailroom/model";
import {
  type Comment,
  type Diagnostic,
  type PathSegment,
  parseJson,
  parseYaml,
  type SyntaxNode,
  toJson,
} from "@mailroom/syntax";
import type * as z from "zod";
import type { RequestKind } from "./request-rule.js";

const SHAPES: Readonly<Record<RequestKind, { readonly shape: z.ZodType; readonly whole: string }>> = {
  job: { shape: JobFile, whole: "the job file" },
  delivery: { shape: DeliveryFile, whole: "the delivery file" },
  unit: { shape: OrganizationalUnit, whole: "the organizational unit" },
};

/** A request file read: its value and tree, where each path is written, and its reading and shape problems. */
export interface ReadRequest {
  readonly kind: RequestKind;
  readonly value: unknown;
  readonly tree: SyntaxNode | undefined;
  locate(path: readonly PathSegment[]): Location;
  readonly diagnostics: Diagnostic[];
  /** A YAML file's comments, where suppression comments are; none in JSON. */
  readonly comments: readonly Comment[];
  /** Whether the value has the file kind's shape, so that the rules may read it. */
  readonly sound: boolean;
}

/** Reads a request file's text (YAML by its name, else JSON) and checks it against its kind's shape. */
export function readRequest(file: string, kind: RequestKind, text: string): ReadRequest {
  let tree: SyntaxNode | undefined;
  let diagnostics: Diagnostic[];
  let comments: readonly Comment[] = [];
  if (isDslFile(file)) {
    const parsed = parseYaml(text);
    tree = parsed.root;
    diagnostics = parsed.diagnostics;
    comments = parsed.comments;
  } else {
    const parsed = parseJson(text);
    tree = parsed.tree();
    diagnostics = parsed.diagnostics;
  }
  const empty: SyntaxNode = { kind: "scalar", span: { offset: 0, length: 0 }, value: null };
  const locate = locatorOf(tree ?? empty);
  const value = tree === undefined ? undefined : toJson(tree);
  if (diagnostics.some((d) => d.severity === "error")) {
    return { kind, value, tree, locate, diagnostics, comments, sound: false };
  }
  const { shape: schema, whole } = SHAPES[kind];
  const shape = diagnoseAgainst(schema, value, locate, { wording: new Wording(value, locate, text, false, whole) });
  const sound = !shape.some((d) => d.severity === "error");
  return { kind, value, tree, locate, diagnostics: [...diagnostics, ...shape], comments, sound };
}
