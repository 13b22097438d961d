/**
 * The one way the storefront talks to /api (docs/storefront.md §7.1): JSON in
 * and out, the visitor's language as Accept-Language, the client's bearer token
 * when logged in, and every failure as an ApiError with a stable code.
 */
import { ApiError } from './api-error';
import { clientToken } from './client-token';
import { activeLanguage, serverLanguage } from './language';

/** Anything with a zod-like parse: the contract schemas fit. */
export interface Parser<T> {
  parse(data: unknown): T;
}

export interface ApiRequest<T> {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Checks and types the response body; without it the body is returned unchecked. */
  schema?: Parser<T>;
  /**
   * A contract schema loaded on demand and checked in development and tests
   * only. For the reads on the home route, whose JS budget has no room for
   * zod (docs/decisions/0006-storefront-response-checks.md); pass it as
   * `import.meta.env.DEV ? () => import(…) : undefined` so production
   * builds drop the import.
   */
  devSchema?: () => Promise<Parser<T>>;
  signal?: AbortSignal;
  /** Overrides the active language (query keys carry it, so refetches match). */
  language?: string;
  headers?: Record<string, string>;
}

const UNEXPECTED = 'UNEXPECTED';

/** How a request reaches the server: the browser's fetch, or the server's own router when it renders a page. */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;

let transport: ApiTransport = (url, init) => fetch(url, init);

/** The server's page renderer (entry-server.tsx) answers /api calls in-process instead of over HTTP. */
export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** `{ ok:false, error:{code,…} }` → ApiError; other failures get a generic code. */
export function toApiError(status: number, body: unknown): ApiError {
  const error = isRecord(body) && isRecord(body.error) ? body.error : undefined;
  const code = typeof error?.code === 'string' && error.code ? error.code : UNEXPECTED;
  const message = typeof error?.message === 'string' ? error.message : undefined;
  const info = typeof error?.error_info === 'string' ? error.error_info : undefined;
  return new ApiError(status, code, message, info);
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export async function apiRequest<T>(path: string, request: ApiRequest<T> = {}): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': serverLanguage(request.language ?? activeLanguage()),
    ...request.headers,
  };
  const token = clientToken();
  // A caller's own credentials (the staff pages' session) win over the client's.
  if (token && !headers.Authorization) headers.Authorization = `Bearer ${token}`;
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await transport(`/api${path}`, {
      method: request.method ?? 'GET',
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: request.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'NETWORK_ERROR', 'The shop could not be reached');
  }

  const body = await readJson(response);
  if (!response.ok || (isRecord(body) && body.ok === false)) throw toApiError(response.status, body);
  const schema =
    request.schema ?? (import.meta.env.DEV && request.devSchema ? await request.devSchema() : undefined);
  if (!schema) return body as T;
  try {
    return schema.parse(body);
  } catch {
    // The server answered something the contract does not allow.
    throw new ApiError(response.status, 'INVALID_RESPONSE', `Unexpected response from ${path}`);
  }
}

export function apiGet<T>(path: string, request: Omit<ApiRequest<T>, 'method' | 'body'> = {}): Promise<T> {
  return apiRequest(path, { ...request, method: 'GET' });
}
