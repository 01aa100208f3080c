export * from "./find.js";
export * from "./parse.js";
export * from "./resolver.js";
export { CONFIG_FILE_NAME, Environment, MailroomConfig } from "./schema.js";
export * from "./settings.js";
