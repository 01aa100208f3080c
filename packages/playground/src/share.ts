/*
 * Share links: the edited files and the settings, as JSON compressed with the browser's CompressionStream into the
 * URL's fragment, which never leaves the browser. Dropped files are never in it.
 */

export interface SharedState {
  readonly service: { readonly name: string; readonly text: string };
  readonly test: { readonly name: string; readonly text: string };
  readonly config: string;
  /** The instant the values are computed at (`--now`); empty for the present. */
  readonly now: string;
  /** Whether the examples' organizational unit is given. */
  readonly ou: boolean;
  /** The pane shown. */
  readonly pane: string;
}

const PREFIX = "#s=";

async function through(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const piped = new Blob([bytes as BlobPart]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(piped).arrayBuffer());
}

const base64url = (bytes: Uint8Array): string => {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
};

const fromBase64url = (text: string): Uint8Array =>
  Uint8Array.from(atob(text.replaceAll("-", "+").replaceAll("_", "/")), (c) => c.charCodeAt(0));

export async function encodeState(state: SharedState): Promise<string> {
  const json = new TextEncoder().encode(JSON.stringify(state));
  return PREFIX + base64url(await through(json, new CompressionStream("deflate-raw")));
}

const isText = (value: unknown): value is string => typeof value === "string";
const isFile = (value: unknown): value is { name: string; text: string } =>
  typeof value === "object" &&
  value !== null &&
  isText((value as { name?: unknown }).name) &&
  isText((value as { text?: unknown }).text);

/** The state in a fragment; undefined when there is none, or it cannot be read (then `problem` says why). */
export async function decodeState(hash: string): Promise<{ state?: SharedState; problem?: string }> {
  if (!hash.startsWith(PREFIX)) return {};
  try {
    const bytes = await through(fromBase64url(hash.slice(PREFIX.length)), new DecompressionStream("deflate-raw"));
    const value = JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
    if (!isFile(value.service) || !isFile(value.test) || !isText(value.config)) throw new Error("files missing");
    return {
      state: {
        service: value.service,
        test: value.test,
        config: value.config,
        now: isText(value.now) ? value.now : "",
        ou: value.ou === true,
        pane: isText(value.pane) ? value.pane : "json",
      },
    };
  } catch {
    return { problem: "This link's state cannot be read (it may have been cut short); an example is shown instead." };
  }
}
