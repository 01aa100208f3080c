import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/*
 * A hybrid-mail platform on 127.0.0.1 for the tests of `mailroom pull`: the endpoints of the API's Authentication,
 * Services and Options parts as the spec shows them, under /api, and the branding's identity provider (the token
 * and logout endpoints) under /idp. It checks each request the way the spec describes it (paths, query, content
 * types, credentials, form fields) and answers 400 when a request is not as described, so that a client that
 * strays fails its test. Tokens expire on the server's own clock; faults are set per test.
 */

type Json = Record<string, unknown>;

export interface FakePlatformOptions {
  readonly services: readonly unknown[];
  readonly organizationalUnit: unknown;
  readonly options?: readonly unknown[];
  readonly optionTypes?: readonly unknown[];
  readonly login?: string;
  readonly password?: string;
  /** The branding host GET /brandings/my knows (default: the server's own host:port). */
  readonly brandingHost?: string;
  /** How long a session token of the internal mode lives, in milliseconds (default one hour). */
  readonly tokenLifetime?: number;
  /** The identity provider's expires_in (default 300, as the spec says) and refresh_expires_in (default 1800). */
  readonly expiresIn?: number;
  readonly refreshExpiresIn?: number;
  /** Every credential (session token or access token) stops working after this many uses. */
  readonly usesPerCredential?: number;
  /** These paths (without /api and the query) answer 500. */
  readonly failing?: readonly string[];
  /** These paths answer only after this many milliseconds. */
  readonly slow?: Readonly<Record<string, number>>;
}

/** A request the platform received: what the tests check the client's conversation with. */
export interface Received {
  readonly method: string;
  /** The path and query, as sent. */
  readonly url: string;
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly body: string;
}

export interface FakePlatform {
  /** The API's base address ({base_url}). */
  readonly url: string;
  /** The identity provider's address ({auth_url}), as GET /brandings/my gives it. */
  readonly authUrl: string;
  readonly clientId: string;
  readonly received: Received[];
  /** The services served from now on (a test changes them to make drift). */
  services: readonly unknown[];
  close(): Promise<void>;
}

const CLIENT_ID = "mailroom-test-client";

export async function startFakePlatform(options: FakePlatformOptions): Promise<FakePlatform> {
  const login = options.login ?? "api-user";
  const password = options.password ?? "correct horse";
  /** Live credentials: session tokens, access tokens and refresh tokens, with their expiry and uses. */
  const sessions = new Map<string, { expires: number; uses: number }>();
  const accessTokens = new Map<string, { expires: number; uses: number }>();
  const refreshTokens = new Map<string, { expires: number; access: string }>();
  const received: Received[] = [];
  const newToken = () => randomBytes(12).toString("hex");

  const state = { services: options.services };

  const send = (response: ServerResponse, status: number, body?: unknown) => {
    if (body === undefined) {
      response.writeHead(status).end();
      return;
    }
    const text = typeof body === "string" ? body : JSON.stringify(body);
    response.writeHead(status, { "Content-Type": typeof body === "string" ? "text/plain" : "application/json" });
    response.end(text);
  };

  const idpTokens = () => {
    const access = newToken();
    const refresh = newToken();
    const expiresIn = options.expiresIn ?? 300;
    const refreshExpiresIn = options.refreshExpiresIn ?? 1800;
    accessTokens.set(access, { expires: Date.now() + expiresIn * 1000, uses: 0 });
    refreshTokens.set(refresh, { expires: Date.now() + refreshExpiresIn * 1000, access });
    return {
      access_token: access,
      expires_in: expiresIn,
      refresh_expires_in: refreshExpiresIn,
      refresh_token: refresh,
      token_type: "Bearer",
      "not-before-policy": 0,
      session_state: newToken(),
      scope: "profile email",
    };
  };

  /** Whether a request carries a live credential (counting its use); X-Auth-Token or a bearer token. */
  const authorized = (request: IncomingMessage, bearerOnly = false): boolean => {
    const auth = request.headers.authorization;
    const bearer = typeof auth === "string" && auth.startsWith("Bearer ") ? auth.slice(7) : undefined;
    const token = request.headers["x-auth-token"];
    const live = bearer !== undefined ? accessTokens.get(bearer) : bearerOnly ? undefined : sessions.get(String(token));
    if (!live || Date.now() >= live.expires) return false;
    live.uses++;
    return options.usesPerCredential === undefined || live.uses <= options.usesPerCredential;
  };

  const profile = () => ({
    user: { id: 7, login, password: null, creationDate: 1_600_000_000_000, firstName: "Api", lastName: "User" },
    organizationalUnit: options.organizationalUnit,
    services: state.services,
  });

  const api = (
    request: IncomingMessage,
    response: ServerResponse,
    path: string,
    query: URLSearchParams,
    body: string,
  ) => {
    const method = request.method;
    if (path === "/authentication/authenticate" && method === "POST") {
      if (query.get("withProfileDetail") !== "true") return send(response, 400, "withProfileDetail=true expected");
      if (!String(request.headers["content-type"]).startsWith("application/json")) {
        return send(response, 400, "application/json expected");
      }
      const credentials = JSON.parse(body) as Json;
      if (credentials.login !== login || credentials.password !== password) {
        return send(response, 401, { error: "Bad credentials" });
      }
      const token = newToken();
      const expires = Date.now() + (options.tokenLifetime ?? 3_600_000);
      sessions.set(token, { expires, uses: 0 });
      return send(response, 200, {
        result: { authToken: token, authTokenExpirationDate: String(expires), ...profile() },
      });
    }
    if (path === "/authentication/check" && method === "POST") {
      if (query.get("withProfileDetail") !== "true") return send(response, 400, "withProfileDetail=true expected");
      if (!authorized(request, true)) return send(response, 401, { error: "Unauthorized" });
      return send(response, 200, { result: profile() });
    }
    if (path === "/authentication/logout" && method === "POST") {
      if (!sessions.delete(String(request.headers["x-auth-token"])))
        return send(response, 401, { error: "Unauthorized" });
      return send(response, 200, { result: true });
    }
    if (path === "/brandings/my" && method === "GET") {
      if (query.get("applicationURL") !== brandingHost) return send(response, 404, { error: "No branding" });
      return send(response, 200, {
        result: {
          name: "Test branding",
          properties: {},
          id: "b-1",
          virtualHost: brandingHost,
          applicationName: "mailroom tests",
          authenticationRealm: {},
          logoImageURL: null,
          clientId: CLIENT_ID,
          authenticatorFrontURL: authUrl,
          backgroundImageURL: null,
        },
      });
    }
    if ((path === "/options" || path === "/options/type") && method === "GET") {
      if (!authorized(request)) return send(response, 401, { error: "Unauthorized" });
      return send(response, 200, {
        result: path === "/options" ? (options.options ?? []) : (options.optionTypes ?? []),
      });
    }
    return send(response, 404, { error: `No ${method} ${path}` });
  };

  const idp = (request: IncomingMessage, response: ServerResponse, path: string, body: string) => {
    if (request.method !== "POST") return send(response, 405);
    if (request.headers["content-type"] !== "application/x-www-form-urlencoded") {
      return send(response, 400, "application/x-www-form-urlencoded expected");
    }
    const form = new URLSearchParams(body);
    if (form.get("client_id") !== CLIENT_ID) return send(response, 401, { error: "invalid_client" });
    const bearer = String(request.headers.authorization ?? "").replace(/^Bearer /, "");
    if (path === "/protocol/openid-connect/token" && form.get("grant_type") === "password") {
      if (form.get("user_name") !== login || form.get("password") !== password) {
        return send(response, 401, { error: "invalid_grant", error_description: "Invalid user credentials" });
      }
      return send(response, 200, idpTokens());
    }
    if (path === "/protocol/openid-connect/token" && form.get("grant_type") === "refresh_token") {
      const refresh = refreshTokens.get(String(form.get("refresh_token")));
      if (!refresh || Date.now() >= refresh.expires || refresh.access !== bearer) {
        return send(response, 400, { error: "invalid_grant", error_description: "Token is not active" });
      }
      refreshTokens.delete(String(form.get("refresh_token")));
      accessTokens.delete(refresh.access);
      return send(response, 200, idpTokens());
    }
    if (path === "/protocol/openid-connect/logout") {
      const refresh = refreshTokens.get(String(form.get("refresh_token")));
      if (!refresh || refresh.access !== bearer) return send(response, 400, { error: "invalid_grant" });
      refreshTokens.delete(String(form.get("refresh_token")));
      accessTokens.delete(refresh.access);
      return send(response, 202);
    }
    return send(response, 400, { error: "unsupported_grant_type" });
  };

  /** The slow answers not given yet: dropped when the platform closes. */
  const pending = new Set<NodeJS.Timeout>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const url = new URL(request.url ?? "/", "http://127.0.0.1");
      received.push({
        method: request.method ?? "",
        url: request.url ?? "",
        headers: {
          "x-auth-token": request.headers["x-auth-token"] as string | undefined,
          authorization: request.headers.authorization,
          "content-type": request.headers["content-type"],
        },
        body,
      });
      const answer = () => {
        if (url.pathname.startsWith("/api/")) {
          const path = url.pathname.slice(4);
          if (options.failing?.includes(path)) return send(response, 500, "java.lang.NullPointerException");
          return api(request, response, path, url.searchParams, body);
        }
        if (url.pathname.startsWith("/idp/")) return idp(request, response, url.pathname.slice(4), body);
        return send(response, 404);
      };
      const delay = options.slow?.[url.pathname.replace(/^\/(api|idp)/, "")];
      if (delay === undefined) answer();
      else pending.add(setTimeout(answer, delay));
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}/api`;
  const authUrl = `http://127.0.0.1:${port}/idp`;
  const brandingHost = options.brandingHost ?? `127.0.0.1:${port}`;

  return {
    url,
    authUrl,
    clientId: CLIENT_ID,
    received,
    get services() {
      return state.services;
    },
    set services(services) {
      state.services = services;
    },
    close: () =>
      new Promise<void>((done) => {
        for (const timer of pending) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
