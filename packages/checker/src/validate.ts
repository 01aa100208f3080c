import { diagnoseAgainst, type ServiceSource } from "@mailroom/compiler";
import { Service } from "@mailroom/model";
import type { Diagnostic } from "@mailroom/syntax";

/** Checks a service against the JSON model of the API, each problem located through the service's source map. */
export function validateService(service: ServiceSource): Diagnostic[] {
  return diagnoseAgainst(Service, service.json, (path) => service.locate(path));
}
