import type { ServiceSource } from "@mailroom/compiler";
import type { Service } from "@mailroom/model";
import type { Basis, MessageRef, Path, RuleMeta } from "../engine/rule.js";
import { severityOf } from "../engine/rule.js";

/** The request files mailroom checks against services: a job creation, a delivery command, an organizational unit. */
export type RequestKind = "job" | "delivery" | "unit";

/** A service a request file calls, read from its file and found without errors. */
export interface CalledService {
  /** Its file, as the request names it (resolved). */
  readonly file: string;
  readonly source: ServiceSource;
  readonly service: Service;
}

/** One environment's option listings: each option value with the name of its option type. */
export interface OptionListing {
  readonly environment: string;
  readonly types: ReadonlyMap<string, string>;
}

/** A PDF's page count, or why it could not be read. */
export type PageCount = { readonly pages: number } | { readonly problem: string };

/** Why the service a job or command names cannot be used, as `unknown-request-service` reports it. */
export interface ServiceProblem {
  readonly messageId: "missing" | "unreadable" | "errors" | "noId" | "none" | "unknownId";
  readonly data: Readonly<Record<string, string>>;
}

/** What a request's checks need from outside the file, gathered (with the I/O) before the rules run. */
export interface RequestFacts {
  /** The service the job or command is for; undefined when it cannot be used (reported by `unknown-request-service`). */
  readonly service?: CalledService;
  /** Why the service a job or command names cannot be used, when it cannot. */
  readonly serviceProblem?: ServiceProblem;
  /** The services of the workspace: those a unit's checks read, and those a job's serviceId is looked up among. */
  readonly services: readonly CalledService[];
  /** Whether each part's local file exists, by part name (file parts only). */
  readonly partFiles: ReadonlyMap<string, boolean>;
  /** The page count of each PDF part of a box whose split the job sets by page count, by part name. */
  readonly pageCounts: ReadonlyMap<string, PageCount>;
  /** The option listings the configuration names, by environment. */
  readonly optionListings: readonly OptionListing[];
  /** The job a delivery command follows (its `job` file), when it names one that can be read. */
  readonly job?: { readonly file: string; readonly json: unknown };
  /** The clock, milliseconds since the epoch. */
  readonly now: number;
}

/** Where a related place is: in the request file, or in the service file it calls. */
export interface RequestRelated extends MessageRef {
  readonly path: Path;
  readonly in: "request" | "service";
}

/** A finding in a request file. */
export interface RequestReport extends MessageRef {
  readonly path: Path;
  readonly at?: "key" | "value";
  readonly related?: readonly RequestRelated[];
  /** Replace the key (`at: "key"`) or the value at `path` by `value`, as one of the rule's messages describes. */
  readonly fix?: MessageRef & { readonly value: string };
}

export interface RequestContext {
  readonly kind: RequestKind;
  /** The file's value: valid against its shape (JobFile, DeliveryFile, OrganizationalUnit). */
  readonly request: unknown;
  readonly facts: RequestFacts;
  /** This rule's options from the configuration. */
  readonly options: unknown;
  report(report: RequestReport): void;
}

/** A rule on request files: which kinds it checks, then the same meta as a service rule. */
export interface RequestRule {
  readonly meta: RuleMeta & { readonly files: readonly RequestKind[] };
  check(context: RequestContext): void;
}

export interface RequestRuleDefinition {
  readonly meta: Omit<RuleMeta, "severity"> & { readonly files: readonly RequestKind[]; readonly basis: Basis };
  check(context: RequestContext): void;
}

export const defineRequestRule = ({ meta, check }: RequestRuleDefinition): RequestRule => ({
  meta: { ...meta, severity: severityOf(meta.basis) },
  check,
});
