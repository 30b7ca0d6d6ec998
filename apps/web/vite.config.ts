import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { serviceWorkerPlugin } from './pwa-plugin';

/**
 * The server's Content-Security-Policy allows scripts from the page's own origin only (no inline
 * script), so a built index.html with an inline <script> would be a blank page in production: the
 * build fails instead. Development is left alone (the React refresh preamble is inline there, and
 * the dev server sends no CSP).
 */
const noInlineScripts = (): Plugin => ({
  name: 'no-inline-scripts',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html) {
      const inline = [...html.matchAll(/<script\b([^>]*)>/gi)].filter(
        ([, attributes]) => !/\bsrc\s*=/i.test(attributes ?? ''),
      );
      if (inline.length > 0)
        throw new Error(
          `index.html has ${inline.length} inline <script>; the CSP (script-src 'self') would block it`,
        );
      return html;
    },
  },
});

export default defineConfig({
  plugins: [react(), noInlineScripts(), serviceWorkerPlugin()],
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: true } },
  },
  preview: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    // .vite/manifest.json: which chunks each chunk imports, read by `npm run bench:web`.
    manifest: true,
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // React and the router are on every screen and change less often than the app: their own
        // chunk keeps browser caches warm. Other libraries are left to the bundler, which puts each
        // piece with the screens that use it; a catch-all group (all of Mantine, a 'vendor' chunk)
        // would drag every screen's widgets into the sign-in page's download. No group for the
        // dashboard's charts either: a group takes in its modules' dependencies too, so it would
        // swallow the Mantine core pieces the charts use and every screen would import it. Only the
        // charts' lazy import reaches recharts, so it stays in a chunk of its own.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              priority: 30,
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
            },
            { name: 'start', priority: 20, tags: ['$initial'] },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // Route-level tests drive the whole app; leave room for slow, busy machines.
    testTimeout: 20_000,
    restoreMocks: true,
    unstubGlobals: true,
  },
});
