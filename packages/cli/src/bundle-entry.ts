// The entry of the published CLI's bundle (scripts/bundle.js); the language server is a bundle of its own
// (server-entry.ts), which `mailroom lsp` loads.
export { main } from "./main.js";
