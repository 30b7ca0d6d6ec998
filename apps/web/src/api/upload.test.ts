import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToken, setToken } from '../lib/token';
import { stubUploads } from '../test/fake-upload';
import { ApiError, setUnauthorizedHandler } from './client';
import { apiUpload } from './upload';

afterEach(() => setUnauthorizedHandler(null));

describe('apiUpload', () => {
  it('posts the form with the bearer token, reports progress and answers the body', async () => {
    setToken('abc');
    const uploads = stubUploads();
    const progress = vi.fn();
    const form = new FormData();
    const answer = apiUpload('/things/upload', form, { onProgress: progress });
    const sent = uploads.sent();
    expect(sent.url).toBe('/api/things/upload');
    expect(sent.headers.Authorization).toBe('Bearer abc');
    expect(sent.body).toBe(form);
    sent.progress(1, 3);
    expect(progress).toHaveBeenLastCalledWith({ loaded: 1, total: 3, percent: 33 });
    sent.respond(200, { ok: true });
    await expect(answer).resolves.toEqual({ ok: true });
  });

  it("turns a refusal into the server's coded ApiError, and a 401 signs out", async () => {
    setToken('abc');
    const uploads = stubUploads();
    const signedOut = vi.fn();
    setUnauthorizedHandler(signedOut);
    const refused = apiUpload('/things/upload', new FormData());
    uploads.sent().respond(413, { code: 'FILE_TOO_LARGE', message: 'The APK must be at most 200 MB' });
    await expect(refused).rejects.toMatchObject({ status: 413, code: 'FILE_TOO_LARGE', fromServer: true });

    const expired = apiUpload('/things/upload', new FormData());
    uploads.sent().respond(401, { code: 'UNAUTHENTICATED', message: 'Invalid or expired token' });
    await expect(expired).rejects.toBeInstanceOf(ApiError);
    expect(signedOut).toHaveBeenCalledOnce();
    expect(getToken()).toBeNull();
  });

  it('fails with a network error, and stops when the caller aborts', async () => {
    const uploads = stubUploads();
    const broken = apiUpload('/things/upload', new FormData());
    uploads.sent().fail();
    await expect(broken).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });

    const controller = new AbortController();
    const cancelled = apiUpload('/things/upload', new FormData(), { signal: controller.signal });
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
  });
});
