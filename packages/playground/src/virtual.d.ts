// Modules the build writes (scripts/build.js): the bundled examples and the repository's address.
declare module "playground:examples" {
  export interface Example {
    readonly name: string;
    readonly service: { readonly name: string; readonly text: string };
    readonly test: { readonly name: string; readonly text: string };
  }
  export const EXAMPLES: readonly Example[];
  /** The examples' `mailroom.config.yaml`. */
  export const CONFIG: string;
  /** The repository's web address, from the root package.json (issues are filed there). */
  export const REPOSITORY: string;
}

// The examples' sample files and other files beside them, by path relative to the examples' folder, in base64.
declare module "playground:samples" {
  export const SAMPLES: Readonly<Record<string, string>>;
}
