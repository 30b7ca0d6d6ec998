// First: zod reads its settings as the schemas are created (see the module).
import './app/zod-config';
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import './app/accessibility.css';
import './app/fonts.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { initialScreenLanguage, showScreensIn } from './lib/i18n';

const queryClient = createQueryClient();
const router = createAppRouter({ queryClient });
const root = document.getElementById('root');
if (root === null) throw new Error('Missing #root element');

// The first screen renders as a transition: React works in 5 ms slices and a slow phone stays
// responsive while it mounts (a plain render would hold the main thread until the whole tree is built).
const renderApp = () =>
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });

// A reader of another language waits for its catalogue (one small chunk) rather than seeing English
// first; if it cannot be fetched (offline, a new version), the screens open in English.
const language = initialScreenLanguage();
if (language === 'en') renderApp();
else
  void showScreensIn(language)
    .catch(() => undefined)
    .finally(renderApp);

// The installable field app: its shell is precached by the service worker the build writes (sw.js).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  });
}
