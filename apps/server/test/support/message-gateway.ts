import { randomUUID } from 'node:crypto';
import http from 'node:http';

export type GatewayChannel = 'sms' | 'whatsapp';
export type GatewayMode = 'accept' | 'reject' | 'rate-limit' | 'timeout';

/** One request as the provider received it. */
export type GatewayRequest = {
  channel: GatewayChannel;
  /** Our reference: Gupshup's `msg_id`, WhatsApp's `biz_opaque_callback_data`. */
  reference: string | null;
  /** As sent: `91XXXXXXXXXX`. */
  to: string;
  /** sms: the text; whatsapp: null (a template carries parameters, not text). */
  text: string | null;
  /** whatsapp: the body parameters' texts. */
  params: string[];
  /** sms: `dltTemplateId`; whatsapp: the template's name. */
  templateId: string | null;
  /** The mode the gateway answered in. */
  answer: GatewayMode;
  /** The id given when accepted. */
  providerMessageId: string | null;
  /** sms: every form field (mask, principalEntityId, msg_type...); whatsapp: the JSON body. */
  fields: Record<string, unknown>;
  /** The Authorization header (WhatsApp's bearer token). */
  authorization: string | null;
  at: Date;
};

const readBody = (req: http.IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

const sendJson = (
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/**
 * A local stand-in for Gupshup Enterprise SMS (`POST /GatewayAPI/rest`, form fields, JSON answers
 * `{"response":{id,phone,details,status}}`) and the WhatsApp Cloud API (`POST /v21.0/{id}/messages`,
 * `{"messages":[{"id":"wamid..."}]}` or `{"error":{message,code}}`), each switchable to refuse, rate
 * limit (429, `Retry-After: 1`) or never answer.
 */
export const startMessageGateway = async () => {
  const modes: Record<GatewayChannel, GatewayMode> = { sms: 'accept', whatsapp: 'accept' };
  const received: GatewayRequest[] = [];
  const held = new Set<http.ServerResponse>();
  /** Requests received whose answer is still being held back by `setDelay`. */
  const delayed = new Set<GatewayRequest>();
  /** Ends the wait of each delayed answer early (on close). */
  const wakers = new Set<() => void>();
  let delayMs = 0;
  let sequence = 0;

  const answerSms = (res: http.ServerResponse, fields: Record<string, string>, mode: GatewayMode) => {
    const missing = [
      'userid',
      'password',
      'send_to',
      'msg',
      'mask',
      'principalEntityId',
      'dltTemplateId',
    ].filter((name) => !fields[name]);
    if (mode === 'accept' && missing.length === 0) {
      sequence += 1;
      const id = `${Date.now()}${sequence}-${fields.msg_id ?? sequence}`;
      sendJson(res, 200, { response: { id, phone: fields.send_to, details: '', status: 'success' } });
      return id;
    }
    // Gupshup refuses with HTTP 200 and the error code in `id`.
    const details =
      missing.length > 0 ? `Missing ${missing.join(', ')}` : 'DLT template id does not match the message';
    sendJson(res, 200, { response: { id: '175', phone: '', details, status: 'error' } });
    return null;
  };

  const answerWhatsApp = (res: http.ServerResponse, authorization: string | null, mode: GatewayMode) => {
    if (!authorization?.startsWith('Bearer ')) {
      sendJson(res, 401, {
        error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 },
      });
      return null;
    }
    if (mode === 'accept') {
      sequence += 1;
      const id = `wamid.${randomUUID().replace(/-/g, '')}${sequence}`;
      sendJson(res, 200, { messaging_product: 'whatsapp', messages: [{ id }] });
      return id;
    }
    sendJson(res, 400, {
      error: {
        message: '(#132001) Template name does not exist in the translation',
        type: 'OAuthException',
        code: 132001,
      },
    });
    return null;
  };

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const text = await readBody(req);
    const channel: GatewayChannel | null =
      url.pathname === '/GatewayAPI/rest'
        ? 'sms'
        : /^\/v21\.0\/[^/]+\/messages$/.test(url.pathname)
          ? 'whatsapp'
          : null;
    if (req.method !== 'POST' || channel === null) {
      sendJson(res, 404, { error: 'not found' });
      return;
    }
    const mode = modes[channel];
    const authorization = req.headers.authorization ?? null;
    const fields: Record<string, unknown> =
      channel === 'sms' ? Object.fromEntries(new URLSearchParams(text)) : record(safeJson(text));
    const entry: GatewayRequest = {
      ...describe(channel, fields),
      answer: mode,
      providerMessageId: null,
      fields,
      authorization,
      at: new Date(),
    };
    received.push(entry);
    if (delayMs > 0 && mode !== 'timeout') {
      // A slow provider: the request has arrived (it counts as sent), its answer comes later.
      delayed.add(entry);
      const wait = delayMs;
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          wakers.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, wait);
        wakers.add(wake);
      });
      delayed.delete(entry);
      // The caller went away meanwhile (a killed process): nobody is left to answer.
      if (res.destroyed || req.socket.destroyed) return;
    }
    if (mode === 'timeout') {
      held.add(res);
      res.once('close', () => held.delete(res));
      return;
    }
    if (mode === 'rate-limit') {
      const body =
        channel === 'sms'
          ? { response: { id: '429', phone: '', details: 'Rate limit exceeded', status: 'error' } }
          : { error: { message: '(#130429) Rate limit hit', type: 'OAuthException', code: 130429 } };
      sendJson(res, 429, body, { 'retry-after': '1' });
      return;
    }
    entry.providerMessageId =
      channel === 'sms'
        ? answerSms(res, fields as Record<string, string>, mode)
        : answerWhatsApp(res, authorization, mode);
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) sendJson(res, 500, { error: 'gateway failure' });
      else res.destroy();
    });
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(address && typeof address === 'object' ? address.port : 0);
    });
  });
  const origin = `http://127.0.0.1:${port}`;

  return {
    smsUrl: `${origin}/GatewayAPI/rest`,
    /** The WhatsApp apiUrl to pass (with its version, as the real one). */
    whatsappUrl: `${origin}/v21.0`,
    received,
    setMode: (channel: GatewayChannel, mode: GatewayMode) => {
      modes[channel] = mode;
    },
    /** Answers every request `ms` after it arrived (0: at once), as a slow provider does. */
    setDelay: (ms: number) => {
      delayMs = Math.max(0, ms);
    },
    /** Requests received whose answer `setDelay` is still holding back, each with when it arrived. */
    inFlight: (): GatewayRequest[] => [...delayed],
    /** Ends held answers and every open connection, so nothing keeps the test process alive. */
    close: async () => {
      for (const res of held) res.destroy();
      held.clear();
      for (const wake of [...wakers]) wake();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
};

export type MessageGateway = Awaited<ReturnType<typeof startMessageGateway>>;

const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

const describe = (channel: GatewayChannel, fields: Record<string, unknown>) => {
  const str = (value: unknown) => (typeof value === 'string' ? value : null);
  if (channel === 'sms') {
    return {
      channel,
      reference: str(fields.msg_id),
      to: str(fields.send_to) ?? '',
      text: str(fields.msg),
      params: [],
      templateId: str(fields.dltTemplateId),
    };
  }
  const template = record(fields.template);
  const body = (Array.isArray(template.components) ? template.components : [])
    .map(record)
    .find((component) => component.type === 'body');
  const params = (Array.isArray(body?.parameters) ? body.parameters : []).map(
    (p) => str(record(p).text) ?? '',
  );
  return {
    channel,
    reference: str(fields.biz_opaque_callback_data),
    to: str(fields.to) ?? '',
    text: null,
    params,
    templateId: str(template.name),
  };
};
