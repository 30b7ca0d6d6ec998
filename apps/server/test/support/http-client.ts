/** What a call over real HTTP answered. */
export type HttpAnswer = { status: number; headers: Headers; body: Record<string, unknown> };

type CallOptions = { token?: string; body?: unknown; idempotencyKey?: string };

/** A file field of a multipart form. */
export type FormFile = { name: string; type: string; bytes: Uint8Array };

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
    /** A multipart form, as the browser's FormData sends it. */
    postForm: async (
      path: string,
      fields: Record<string, string>,
      files: Record<string, FormFile>,
      token: string,
    ) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      for (const [field, file] of Object.entries(files))
        form.append(field, new Blob([file.bytes], { type: file.type }), file.name);
      const response = await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      return {
        status: response.status,
        headers: response.headers,
        body: await response.json(),
      } as HttpAnswer;
    },
    /** The raw bytes of a GET (a document link). */
    bytes: async (path: string) => {
      const response = await fetch(`${baseUrl}${path}`);
      return { status: response.status, bytes: new Uint8Array(await response.arrayBuffer()) };
    },
    /** Signs in; answers the whole answer, so refusals can be checked too. */
    login: (email: string, password: string) =>
      call('POST', '/api/auth/login', { body: { email, password } }),
  };
};

export type HttpClient = ReturnType<typeof httpClient>;
