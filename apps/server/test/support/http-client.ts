/** What a call over real HTTP answered. */
export type HttpAnswer = { status: number; headers: Headers; body: Record<string, unknown> };

type CallOptions = { token?: string; body?: unknown; idempotencyKey?: string };

/** A JSON client for a server listening at `baseUrl`, as a browser or the field app calls it. */
export const httpClient = (baseUrl: string) => {
  const call = async (method: string, path: string, options: CallOptions = {}): Promise<HttpAnswer> => {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : {} };
  };
  return {
    call,
    get: (path: string, token?: string) => call('GET', path, { token }),
    post: (path: string, body: unknown, token?: string, idempotencyKey?: string) =>
      call('POST', path, { body, token, idempotencyKey }),
    /** Signs in; answers the whole answer, so refusals can be checked too. */
    login: (email: string, password: string) =>
      call('POST', '/api/auth/login', { body: { email, password } }),
  };
};

export type HttpClient = ReturnType<typeof httpClient>;
