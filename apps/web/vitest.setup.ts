import '@testing-library/jest-dom/vitest';
import { cleanNotifications, cleanNotificationsQueue } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { showScreensIn } from './src/lib/i18n';
import { matchMediaStandIn } from './src/test/browser-stand-ins';

// Mantine reads these browser APIs that jsdom lacks.
Object.defineProperty(window, 'matchMedia', { writable: true, value: matchMediaStandIn(() => false) });

class ResizeObserverStandIn {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStandIn;
window.HTMLElement.prototype.scrollIntoView = () => {};
window.scrollTo = () => {};
// Textarea autosize listens for font loading.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}

// Screens render the whole app and load their data through the mocked API: findBy and waitFor get
// 5 s instead of 1 s, so that a slow or busy machine does not fail them.
configure({ asyncUtilTimeout: 5000 });

afterEach(async () => {
  cleanup();
  // The language is a module-level choice too: each test starts in English.
  await showScreensIn('en');
  // The toast store is a module-level singleton: empty it so toasts do not leak between tests.
  cleanNotifications();
  cleanNotificationsQueue();
  window.localStorage.clear();
  vi.useRealTimers();
});
