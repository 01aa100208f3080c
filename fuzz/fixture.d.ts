import type { Failure } from "./check.js";

export declare function readFixture(content: string, name: string): { json: boolean; text: string };
export declare function writeFixture(
  dir: string,
  failure: Failure,
  text: string,
  json: boolean,
  origin: string,
): string;
