/*
 * A session with a live hybrid-mail platform, as the API's Authentication part describes it: the internal token
 * (POST /authentication/authenticate, then X-Auth-Token) or the identity provider of the branding (GET
 * /brandings/my, the password grant, then a bearer token refreshed before it expires). Every failure ends in a
 * `PlatformError`: one sentence saying what was asked, of whom, and what came back.
 */

/** Why the platform could not be read: printed as one line; the command exits 2. */
export class PlatformError extends Error {}

export type AuthMode = "token" | "idp";

export interface PlatformOptions {
  /** The API's base address, {base_url}. */
  readonly url: string;
  readonly mode: AuthMode;
  /** The branding host sent as applicationURL (idp); default: the host of `url`. */
  readonly brandingHost?: string;
  /** How long one request may take, in milliseconds. */
  readonly timeout: number;
}

export interface Credentials {
  readonly login: string;
  readonly password: string;
}

/** What the authentication (or its check, with a bearer token) returns with withProfileDetail=true. */
export interface Profile {
  readonly services: readonly unknown[];
  readonly organizationalUnit: unknown;
}

/** The API's Limits: an access token is refreshed 20 seconds before it expires. */
const REFRESH_MARGIN = 20_000;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === "object" && !Array.isArray(value);

const joinUrl = (base: string, path: string): string => `${base.replace(/\/+$/, "")}${path}`;

interface Answer {
  readonly status: number;
  readonly statusText: string;
  readonly text: string;
}

interface Call {
  readonly method: "GET" | "POST";
  readonly url: string;
  /** How the call is named in messages: "POST /authentication/authenticate". */
  readonly what: string;
  readonly headers?: Record<string, string>;
  readonly body?: string;
}

/** Sends one request within the timeout; a network failure or a timeout is a `PlatformError`. */
async function send(call: Call, timeout: number): Promise<Answer> {
  try {
    const response = await fetch(call.url, {
      method: call.method,
      headers: call.headers,
      body: call.body,
      // A redirect would carry X-Auth-Token to wherever it leads: none is followed.
      redirect: "error",
      signal: AbortSignal.timeout(timeout),
    });
    return { status: response.status, statusText: response.statusText, text: await response.text() };
  } catch (error) {
    const name = (error as Error).name;
    if (name === "TimeoutError" || name === "AbortError") {
      throw new PlatformError(`${call.what} got no answer within ${timeout / 1000} s (--timeout sets the limit).`);
    }
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const reason =
      cause?.code === "ECONNREFUSED"
        ? "the connection was refused"
        : cause?.code === "ENOTFOUND"
          ? "the host is unknown"
          : (cause?.message ?? (error as Error).message);
    throw new PlatformError(`${call.what} could not reach ${new URL(call.url).origin}: ${reason}.`);
  }
}

/** The first line of an answer's body, short, for a message; empty when there is none. */
function gist(text: string): string {
  const line = text.trim().split(/\r?\n/)[0] ?? "";
  if (line === "") return "";
  return `: ${line.length > 200 ? `${line.slice(0, 200)}...` : line}`;
}

const statusWords = (answer: Answer): string => `${answer.status}${answer.statusText ? ` ${answer.statusText}` : ""}`;

/** The JSON of a successful answer; any other status or a body that is not JSON is a `PlatformError`. */
function jsonOf(call: Call, answer: Answer): unknown {
  if (answer.status < 200 || answer.status > 299) {
    throw new PlatformError(`${call.what} failed with ${statusWords(answer)}${gist(answer.text)}`);
  }
  try {
    return JSON.parse(answer.text);
  } catch {
    throw new PlatformError(`${call.what} answered ${answer.status} with a body that is not JSON${gist(answer.text)}`);
  }
}

/** `result` of an answer's `{ result: ... }` envelope. */
function resultOf(call: Call, json: unknown): unknown {
  if (!isObject(json) || !Object.hasOwn(json, "result")) {
    throw new PlatformError(`${call.what} answered without the "result" the API wraps its answers in.`);
  }
  return json.result;
}

function profileOf(call: Call, result: unknown): Profile {
  if (!isObject(result) || !Array.isArray(result.services)) {
    throw new PlatformError(`${call.what} answered without the list of services ("result.services").`);
  }
  return { services: result.services, organizationalUnit: result.organizationalUnit ?? null };
}

/** The identity provider's tokens and when they were obtained. */
interface Tokens {
  readonly access: string;
  readonly refresh: string;
  readonly obtained: number;
  readonly expiresIn: number;
  readonly refreshExpiresIn: number;
}

/** A signed-in session: `get` calls an endpoint with the credential, `close` signs out. */
export class PlatformSession {
  readonly #options: PlatformOptions;
  readonly #credentials: Credentials;
  /** Internal token mode: the session token and its expiry (epoch milliseconds; NaN when not given). */
  #token: { value: string; expires: number } | undefined;
  /** Identity-provider mode: the branding's client id and provider address, and the tokens. */
  #provider: { clientId: string; url: string } | undefined;
  #tokens: Tokens | undefined;

  private constructor(options: PlatformOptions, credentials: Credentials) {
    this.#options = options;
    this.#credentials = credentials;
  }

  /**
   * Signs in and returns the session with the profile (services and organizational unit). A sign-in that fails
   * after the identity provider gave its tokens (the check refused, say) signs out there before it throws.
   */
  static async open(
    options: PlatformOptions,
    credentials: Credentials,
  ): Promise<{ session: PlatformSession; profile: Profile }> {
    const session = new PlatformSession(options, credentials);
    try {
      return { session, profile: await session.#signIn() };
    } catch (error) {
      await session.close();
      throw error;
    }
  }

  /** GET `path` with the session's credential; `result` of its answer. */
  async get(path: string): Promise<unknown> {
    const call: Call = { method: "GET", url: joinUrl(this.#options.url, path), what: `GET ${path}` };
    return resultOf(call, jsonOf(call, await this.#withCredential(call)));
  }

  /**
   * Signs out: at the identity provider when the session was opened there (the service's own logout is then not
   * called), else POST /authentication/logout (the API does not give its method). Returns why it failed, if it did:
   * the work is done by then, so a failed logout is a warning.
   */
  async close(): Promise<string | undefined> {
    try {
      if (this.#provider && this.#tokens) {
        const call = this.#providerCall("logout", {
          client_id: this.#provider.clientId,
          refresh_token: this.#tokens.refresh,
        });
        const answer = await send(
          { ...call, headers: { ...call.headers, Authorization: `Bearer ${this.#tokens.access}` } },
          this.#options.timeout,
        );
        if (answer.status < 200 || answer.status > 299) return `${call.what} failed with ${statusWords(answer)}`;
      } else if (this.#token) {
        const call: Call = {
          method: "POST",
          url: joinUrl(this.#options.url, "/authentication/logout"),
          what: "POST /authentication/logout",
          headers: { "X-Auth-Token": this.#token.value },
        };
        const answer = await send(call, this.#options.timeout);
        if (answer.status < 200 || answer.status > 299) return `${call.what} failed with ${statusWords(answer)}`;
      }
      return undefined;
    } catch (error) {
      if (error instanceof PlatformError) return error.message.replace(/\.$/, "");
      throw error;
    }
  }

  async #signIn(): Promise<Profile> {
    if (this.#options.mode === "token") return this.#authenticate();
    this.#provider = await this.#branding();
    await this.#passwordGrant();
    const call: Call = {
      method: "POST",
      url: joinUrl(this.#options.url, "/authentication/check?withProfileDetail=true"),
      what: "POST /authentication/check",
    };
    return profileOf(call, resultOf(call, jsonOf(call, await this.#withCredential(call))));
  }

  /** Internal token mode: the login and password for a session token, with the profile. */
  async #authenticate(): Promise<Profile> {
    const call: Call = {
      method: "POST",
      url: joinUrl(this.#options.url, "/authentication/authenticate?withProfileDetail=true"),
      what: "POST /authentication/authenticate",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ login: this.#credentials.login, password: this.#credentials.password }),
    };
    const answer = await send(call, this.#options.timeout);
    if (answer.status === 401 || answer.status === 403) {
      throw new PlatformError(
        `The platform refused login "${this.#credentials.login}" (${statusWords(answer)}): check the login and the password.`,
      );
    }
    const result = resultOf(call, jsonOf(call, answer));
    const token = isObject(result) ? result.authToken : undefined;
    if (typeof token !== "string" || token === "") {
      throw new PlatformError(`${call.what} answered without a session token ("result.authToken").`);
    }
    // Epoch milliseconds as text.
    this.#token = { value: token, expires: Number((result as Json).authTokenExpirationDate) };
    return profileOf(call, result);
  }

  /** Identity-provider mode, step 1: the branding's client id and the address of its identity provider. */
  async #branding(): Promise<{ clientId: string; url: string }> {
    const host = this.#options.brandingHost ?? new URL(this.#options.url).host;
    const path = `/brandings/my?applicationURL=${encodeURIComponent(host)}`;
    const call: Call = { method: "GET", url: joinUrl(this.#options.url, path), what: "GET /brandings/my" };
    const result = resultOf(call, jsonOf(call, await send(call, this.#options.timeout)));
    const clientId = isObject(result) ? result.clientId : undefined;
    const url = isObject(result) ? result.authenticatorFrontURL : undefined;
    if (typeof clientId !== "string" || typeof url !== "string" || !/^https?:\/\//.test(url)) {
      throw new PlatformError(
        `${call.what} (applicationURL "${host}") answered without a clientId and an http(s) authenticatorFrontURL: is the branding host right (--branding-host)?`,
      );
    }
    return { clientId, url };
  }

  #providerCall(endpoint: "token" | "logout", form: Record<string, string>): Call {
    const path = `/protocol/openid-connect/${endpoint}`;
    return {
      method: "POST",
      url: joinUrl(this.#provider?.url ?? "", path),
      what: `POST {auth_url}${path}`,
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: new URLSearchParams(form).toString(),
    };
  }

  /**
   * The password grant. The API's flow names the login field `user_name`; identity providers of the OpenID
   * family read `username`: both are sent, each ignores the other.
   */
  async #passwordGrant(): Promise<void> {
    const { login, password } = this.#credentials;
    const form = {
      client_id: this.#provider?.clientId ?? "",
      grant_type: "password",
      user_name: login,
      username: login,
      password,
    };
    const call = this.#providerCall("token", form);
    const answer = await send(call, this.#options.timeout);
    if (answer.status === 400 || answer.status === 401 || answer.status === 403) {
      throw new PlatformError(
        `The identity provider refused login "${login}" (${statusWords(answer)}${providerReason(answer.text)}): check the login and the password.`,
      );
    }
    this.#tokens = tokensOf(call, jsonOf(call, answer));
  }

  /** A new access token from the refresh token; when the provider refuses it, the password grant again. */
  async #refresh(): Promise<void> {
    const tokens = this.#tokens as Tokens;
    const form = {
      client_id: this.#provider?.clientId ?? "",
      grant_type: "refresh_token",
      refresh_token: tokens.refresh,
    };
    const call = this.#providerCall("token", form);
    const answer = await send(
      { ...call, headers: { ...call.headers, Authorization: `Bearer ${tokens.access}` } },
      this.#options.timeout,
    );
    if (answer.status === 400 || answer.status === 401) return this.#passwordGrant();
    this.#tokens = tokensOf(call, jsonOf(call, answer));
  }

  /** Renews the credential when it is about to expire: a refresh, or a new grant, or a new session token. */
  async #renewIfDue(): Promise<void> {
    const now = Date.now();
    if (this.#tokens) {
      const { obtained, expiresIn, refreshExpiresIn } = this.#tokens;
      if (now < obtained + expiresIn * 1000 - REFRESH_MARGIN) return;
      if (now < obtained + refreshExpiresIn * 1000 - REFRESH_MARGIN) return this.#refresh();
      return this.#passwordGrant();
    }
    if (this.#token && now >= this.#token.expires - REFRESH_MARGIN) await this.#authenticate();
  }

  async #renew(): Promise<void> {
    if (this.#tokens) return this.#refresh();
    await this.#authenticate();
  }

  #credentialHeaders(): Record<string, string> {
    if (this.#tokens) return { Authorization: `Bearer ${this.#tokens.access}` };
    return this.#token ? { "X-Auth-Token": this.#token.value } : {};
  }

  /**
   * Sends a call with the credential, renewed first when due. A 401 means the platform let it expire sooner than
   * said: renewed once more and sent again; a second 401 is the answer.
   */
  async #withCredential(call: Call): Promise<Answer> {
    await this.#renewIfDue();
    const sent = () =>
      send(
        { ...call, headers: { Accept: "application/json", ...call.headers, ...this.#credentialHeaders() } },
        this.#options.timeout,
      );
    let answer = await sent();
    if (answer.status !== 401) return answer;
    await this.#renew();
    answer = await sent();
    if (answer.status === 401) {
      throw new PlatformError(
        `${call.what} was refused (${statusWords(answer)}) with a credential just renewed: the account may not be allowed to read it.`,
      );
    }
    return answer;
  }
}

function tokensOf(call: Call, json: unknown): Tokens {
  const token = isObject(json) ? json : {};
  const { access_token, refresh_token, expires_in, refresh_expires_in } = token;
  if (typeof access_token !== "string" || typeof refresh_token !== "string" || typeof expires_in !== "number") {
    throw new PlatformError(`${call.what} answered without access_token, refresh_token and expires_in.`);
  }
  return {
    access: access_token,
    refresh: refresh_token,
    obtained: Date.now(),
    expiresIn: expires_in,
    refreshExpiresIn: typeof refresh_expires_in === "number" ? refresh_expires_in : 0,
  };
}

/** The OAuth error of a refusal, when its body gives one: ": invalid_grant, Invalid user credentials". */
function providerReason(text: string): string {
  try {
    const json: unknown = JSON.parse(text);
    if (!isObject(json)) return "";
    const words = [json.error, json.error_description].filter((w): w is string => typeof w === "string");
    return words.length > 0 ? `: ${words.join(", ")}` : "";
  } catch {
    return "";
  }
}
