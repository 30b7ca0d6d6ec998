import { vi } from 'vitest';

/** A `matchMedia` (jsdom has none) whose queries match when `matches` says so. */
export const matchMediaStandIn = (matches: (query: string) => boolean) => (query: string) => ({
  matches: matches(query),
  media: query,
  onchange: null,
  addListener: () => {},
  removeListener: () => {},
  addEventListener: () => {},
  removeEventListener: () => {},
  dispatchEvent: () => false,
});

/** Phone widths for this test: every max-width query matches, as `usePhone` asks. */
export const stubPhone = () => {
  vi.stubGlobal(
    'matchMedia',
    matchMediaStandIn((query) => query.includes('max-width')),
  );
};

/**
 * Files the app saves: each blob handed to `URL.createObjectURL` (answering `url`) and each
 * download name clicked.
 */
export const captureDownloads = (url = 'blob:download') => {
  const blobs: Blob[] = [];
  const names: string[] = [];
  const createObjectURL = vi.fn((blob: Blob) => {
    blobs.push(blob);
    return url;
  });
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return { blobs, names, createObjectURL };
};

/** The rows of a saved CSV, without the byte-order mark. */
export const csvLines = async (blob: Blob | undefined) =>
  (await blob?.text())?.replace(/^\uFEFF/, '').split('\r\n');

/**
 * An `IntersectionObserver` (jsdom has none) under the test's control: `reach()` tells the last
 * observed element that it scrolled into view; null until something is observed.
 */
export const stubIntersection = () => {
  const seen: { reach: (() => void) | null } = { reach: null };
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
        seen.reach = () => callback([{ isIntersecting: true }]);
      }
      observe() {}
      disconnect() {}
    },
  );
  return seen;
};
