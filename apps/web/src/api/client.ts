import { type ErrorCode, isErrorCode } from '@lending/domain';
import { i18n } from '../lib/i18n';
import { clearToken, getToken } from '../lib/token';

/** Every call goes to the API under this prefix (the dev server proxies it). */
export const API_BASE = '/api';
/** 10 s per request. */
export const REQUEST_TIMEOUT_MS = 10_000;

export type TFieldError = { param: string; msg: string };

/**
 * Codes of failures the server did not code: no answer within the timeout, no answer at all, or an
 * answer without a code of the catalogue (e.g. a proxy's 502).
 */
export type TClientErrorCode = 'TIMEOUT' | 'NETWORK_ERROR' | 'UNCODED_ANSWER';

/** The server's error code, or the client's own for a failure the server did not code. */
export type TApiErrorCode = ErrorCode | TClientErrorCode;

/** A refused or failed call: HTTP status (0 when no answer came), code, message and per-field errors. */
export class ApiError extends Error {
  readonly status: number;
  /** What went wrong, to branch on (never on `message`, which is for people). */
  readonly code: TApiErrorCode;
  readonly errors: TFieldError[];
  /** Whether `message` is the server's own words (false: made up here from the status). */
  readonly fromServer: boolean;

  constructor(
    status: number,
    code: TApiErrorCode,
    message: string,
    options: { errors?: TFieldError[]; fromServer?: boolean } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.errors = options.errors ?? [];
    this.fromServer = options.fromServer ?? status > 0;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** Whether `error` is an ApiError with one of `codes`. */
export const hasErrorCode = (error: unknown, ...codes: readonly TApiErrorCode[]): error is ApiError =>
  error instanceof ApiError && codes.includes(error.code);

/** A refusal's words in the screens' language, by its code; none in English (the server's own words stand). */
const translatedRefusal = (code: TApiErrorCode): string | undefined => {
  if (i18n.language === 'en') return undefined;
  const text: unknown = i18n.getResource(i18n.language, 'errors', code);
  return typeof text === 'string' ? text : undefined;
};

/**
 * The message to show for a failure: the server's message (in another language, its code's
 * translation when there is one), a network/timeout explanation or an app-side check's message;
 * otherwise the screen's own fallback.
 */
export const errorMessage = (error: unknown, fallback: string): string => {
  if (error instanceof ApiError) {
    if (!(error.fromServer || error.status === 0)) return fallback;
    return (error.fromServer ? translatedRefusal(error.code) : undefined) ?? error.message;
  }
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return fallback;
};

type TQueryValue = string | number | boolean | null | undefined;

export type TRequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, TQueryValue>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

const defaultUnauthorizedHandler = (): void => {
  window.location.assign('/login');
};
let onUnauthorized: () => void = defaultUnauthorizedHandler;

/** What the app does after a 401 on a non-auth call (the token is already cleared). */
export const setUnauthorizedHandler = (handler: (() => void) | null): void => {
  onUnauthorized = handler ?? defaultUnauthorizedHandler;
};

const isAuthPath = (path: string): boolean => path === '/auth' || path.startsWith('/auth/');

const buildUrl = (path: string, query: TRequestOptions['query']): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search === '' ? '' : `?${search}`}`;
};

export const readBody = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

const toFieldErrors = (value: unknown): TFieldError[] =>
  Array.isArray(value)
    ? value.filter(
        (item): item is TFieldError =>
          typeof item === 'object' &&
          item !== null &&
          typeof (item as TFieldError).param === 'string' &&
          typeof (item as TFieldError).msg === 'string',
      )
    : [];

const toApiError = (response: Response, body: unknown): ApiError => {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const fromServer = typeof record.message === 'string' && record.message.trim() !== '';
  const message = fromServer
    ? String(record.message)
    : response.statusText !== ''
      ? response.statusText
      : `Request failed with status ${response.status}`;
  const code = isErrorCode(record.code) ? record.code : 'UNCODED_ANSWER';
  return new ApiError(response.status, code, message, { errors: toFieldErrors(record.errors), fromServer });
};

/** The ApiError of an answer that is not ok; a 401 outside the sign-in calls signs the person out. */
export const refusedAnswer = async (path: string, response: Response): Promise<ApiError> => {
  if (response.status === 401 && !isAuthPath(path)) {
    clearToken();
    onUnauthorized();
  }
  return toApiError(response, await readBody(response));
};

/**
 * Sends one request with the bearer token and a 10 s timeout, and answers the response when it is
 * ok. Failures become `ApiError`s (timeout, network, or the server's coded refusal); a 401 outside the
 * sign-in calls signs the person out. A caller's abort propagates as the fetch's own AbortError.
 */
type TSchedulerYield = { scheduler?: { yield?: () => Promise<void> } };

/**
 * Gives the main thread back before a request starts, where the browser offers `scheduler.yield`
 * (Chrome and Android's WebView, which the field phones run). A screen that mounts asks for many
 * things at once (the dashboard: seventeen calls) and starting a fetch costs the main thread: in
 * one task they froze a slowed phone for 200 ms; one task each, input and drawing get in between.
 */
const yieldToMain = async (): Promise<void> => {
  const scheduler = (globalThis as TSchedulerYield).scheduler;
  if (typeof scheduler?.yield === 'function') await scheduler.yield();
};

const send = async (
  path: string,
  init: {
    method: string;
    headers: Record<string, string>;
    body?: BodyInit;
    query?: TRequestOptions['query'];
  },
  signal: AbortSignal | undefined,
): Promise<Response> => {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const handleCallerAbort = () => controller.abort();
  if (signal?.aborted) controller.abort();
  signal?.addEventListener('abort', handleCallerAbort);
  const headers = { ...init.headers };
  const token = getToken();
  if (token !== null && token !== '') headers.Authorization = `Bearer ${token}`;
  try {
    let response: Response;
    try {
      // The timeout runs from the call, so it counts this wait too.
      await yieldToMain();
      response = await fetch(buildUrl(path, init.query), {
        method: init.method,
        headers,
        body: init.body,
        signal: controller.signal,
      });
    } catch (error) {
      if (timedOut) throw new ApiError(0, 'TIMEOUT', 'Request timed out. Please try again.');
      if (controller.signal.aborted) throw error;
      throw new ApiError(0, 'NETWORK_ERROR', 'Network error. Please check your connection.');
    }
    if (!response.ok) throw await refusedAnswer(path, response);
    return response;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', handleCallerAbort);
  }
};

/** One call to the API: bearer token, JSON (or multipart for FormData), 10 s timeout, typed errors. */
export const apiRequest = async <T>(path: string, options: TRequestOptions = {}): Promise<T> => {
  const { method = 'GET', body, query, signal, headers = {} } = options;
  const requestHeaders: Record<string, string> = { Accept: 'application/json', ...headers };
  let requestBody: BodyInit | undefined;
  if (body instanceof FormData) {
    requestBody = body;
  } else if (body !== undefined) {
    requestHeaders['Content-Type'] = 'application/json';
    requestBody = JSON.stringify(body);
  }
  const response = await send(path, { method, headers: requestHeaders, body: requestBody, query }, signal);
  return (await readBody(response)) as T;
};

/** Shorthands for the HTTP verbs. */
export const api = {
  get: <T>(path: string, options?: Omit<TRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<TRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<TRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<TRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, body?: unknown, options?: Omit<TRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE', body }),
};

/** A downloaded file: its bytes and the name the server gave it (content-disposition), if any. */
export type TDownload = { blob: Blob; fileName: string | null };

/** The file name of a content-disposition header (`filename*=UTF-8''…` or `filename="…"`). */
export const fileNameFromDisposition = (header: string | null): string | null => {
  if (header === null) return null;
  const encoded = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header)?.[1];
  if (encoded !== undefined) {
    try {
      return decodeURIComponent(encoded.trim().replace(/^"|"$/g, ''));
    } catch {
      // Fall through to the plain form.
    }
  }
  const plain = /filename\s*=\s*("?)([^";]+)\1/i.exec(header)?.[2];
  return plain === undefined ? null : plain.trim();
};

/** A GET answering a file (exports, receipts): bearer token, 10 s timeout, the same errors as `apiRequest`. */
export const apiDownload = async (
  path: string,
  options: Pick<TRequestOptions, 'query' | 'signal'> = {},
): Promise<TDownload> => {
  const response = await send(path, { method: 'GET', headers: {}, query: options.query }, options.signal);
  return {
    blob: await response.blob(),
    fileName: fileNameFromDisposition(response.headers.get('content-disposition')),
  };
};
