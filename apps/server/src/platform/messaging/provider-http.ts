import type { SendResult } from './types';

/**
 * What the SMS and WhatsApp adapters share: the mobile number's two forms and one HTTP call to a
 * provider that never throws (a network failure or a timeout is an answer to try again later).
 */

/** A stored 10-digit Indian mobile as providers take it, `91XXXXXXXXXX`; null when it is not one. */
export const indianMsisdn = (mobile: string): string | null => {
  const ten = tenDigitMobile(mobile);
  return ten === null ? null : `91${ten}`;
};

/** The 10-digit mobile inside `+91 98765 43210`, `919876543210` or `09876543210`; null otherwise. */
export const tenDigitMobile = (value: string): string | null => {
  const digits = value.replace(/[\s()-]/g, '').replace(/^\+/, '');
  const ten = /^\d{10}$/.test(digits)
    ? digits
    : /^(91|0)\d{10}$/.test(digits)
      ? digits.slice(digits.length - 10)
      : null;
  // Indian mobiles start with 6 to 9: anything else is a landline or a typo, and no provider takes it.
  return ten !== null && /^[6-9]/.test(ten) ? ten : null;
};

/** `Retry-After` in milliseconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export const retryAfterMs = (header: string | null, now = Date.now()): number | undefined => {
  if (header === null || header.trim() === '') return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
};

export type ProviderAnswer = {
  status: number;
  retryAfter: string | null;
  /** The body read as JSON, or its text when it is not JSON. */
  body: unknown;
};

/**
 * One request with a deadline covering the body too: a provider that stops answering half-way
 * must not hold a sender. The reason never carries the request (it holds the credentials).
 */
export const callProvider = async (
  providerName: string,
  url: string,
  init: { method: 'POST'; headers: Record<string, string>; body: string },
  timeoutMs: number,
): Promise<ProviderAnswer | Extract<SendResult, { kind: 'retry' }>> => {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const text = await response.text();
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body: parseBody(text),
    };
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    if (name === 'TimeoutError' || name === 'AbortError') {
      return { kind: 'retry', reason: `${providerName} did not answer within ${timeoutMs} ms` };
    }
    return { kind: 'retry', reason: `${providerName} could not be reached: ${networkReason(error)}` };
  }
};

const parseBody = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** fetch says "fetch failed" and keeps the useful part (ECONNREFUSED, ENOTFOUND...) in its cause. */
const networkReason = (error: unknown): string => {
  if (!(error instanceof Error)) return 'network error';
  const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
  if (cause && typeof cause.code === 'string') return cause.code;
  if (cause && typeof cause.message === 'string') return cause.message;
  return error.message;
};

/** The answer to a rate limit or a provider's own failure: the same for every provider. */
export const retryOnStatus = (
  providerName: string,
  answer: ProviderAnswer,
): Extract<SendResult, { kind: 'retry' }> | null => {
  if (answer.status === 429) {
    const after = retryAfterMs(answer.retryAfter);
    return {
      kind: 'retry',
      reason: `${providerName} is rate limiting (HTTP 429)`,
      ...(after === undefined ? {} : { retryAfterMs: after }),
    };
  }
  if (answer.status >= 500)
    return { kind: 'retry', reason: `${providerName} answered HTTP ${answer.status}` };
  return null;
};

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
