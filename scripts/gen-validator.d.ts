/** The options of the generated validators. */
export const AJV_OPTIONS: { readonly strict: true; readonly discriminator: true };
/** The path of the generated module, packages/checker/src/model-validator.cjs. */
export const VALIDATOR_FILE: string;
/** The text the script writes to VALIDATOR_FILE. */
export function validatorCode(): string;
