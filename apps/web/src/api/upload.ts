import { getToken } from '../lib/token';
import { API_BASE, ApiError, readBody, refusedAnswer } from './client';

export type TUploadProgress = { loaded: number; total: number; percent: number };

export type TUploadOptions = {
  onProgress?: (progress: TUploadProgress) => void;
  signal?: AbortSignal;
};

/** Statuses whose answers carry no body (a Response refuses one). */
const NO_BODY = new Set([204, 205, 304]);

/**
 * POSTs a multipart form with upload progress, which fetch cannot report, so this one call goes
 * through XMLHttpRequest. Same bearer token and errors as `apiRequest`; no 10 s timeout, because a
 * large file on a field office's connection takes minutes and the progress bar shows it moving.
 */
export const apiUpload = <T>(path: string, form: FormData, options: TUploadOptions = {}): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const cancelled = () => new DOMException('The upload was cancelled', 'AbortError');
    if (options.signal?.aborted) return reject(cancelled());
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token !== null && token !== '') xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.addEventListener('progress', (event) => {
      if (!event.lengthComputable || event.total === 0) return;
      const percent = Math.min(100, Math.round((event.loaded / event.total) * 100));
      options.onProgress?.({ loaded: event.loaded, total: event.total, percent });
    });
    xhr.addEventListener('load', () => {
      const text = NO_BODY.has(xhr.status) || xhr.responseText === '' ? null : xhr.responseText;
      const response = new Response(text, { status: xhr.status, statusText: xhr.statusText });
      const answer = response.ok
        ? readBody(response)
        : refusedAnswer(path, response).then((e) => Promise.reject(e));
      answer.then((body) => resolve(body as T), reject);
    });
    xhr.addEventListener('error', () =>
      reject(new ApiError(0, 'NETWORK_ERROR', 'Network error. Please check your connection.')),
    );
    xhr.addEventListener('abort', () => reject(cancelled()));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
