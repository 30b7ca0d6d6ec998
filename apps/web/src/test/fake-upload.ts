import { vi } from 'vitest';

/**
 * A stand-in for XMLHttpRequest, which uploads use for their progress events: the test reports
 * progress and answers by hand.
 */
export class FakeUpload extends EventTarget {
  static last: FakeUpload | null = null;
  readonly upload = new EventTarget();
  readonly headers: Record<string, string> = {};
  method = '';
  url = '';
  body: FormData | null = null;
  status = 0;
  statusText = '';
  responseText = '';

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  send(body: FormData) {
    this.body = body;
    FakeUpload.last = this;
  }

  abort() {
    this.dispatchEvent(new Event('abort'));
  }

  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(
      Object.assign(new Event('progress'), { lengthComputable: true, loaded, total }),
    );
  }

  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = body === undefined ? '' : JSON.stringify(body);
    this.dispatchEvent(new Event('load'));
  }

  fail() {
    this.dispatchEvent(new Event('error'));
  }
}

/** Installs the stand-in; `sent()` is the upload the page started. */
export const stubUploads = () => {
  FakeUpload.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeUpload);
  return {
    sent: () => {
      if (FakeUpload.last === null) throw new Error('no upload was sent');
      return FakeUpload.last;
    },
  };
};
