import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: true } },
  },
  preview: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks keep browser caches warm.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              priority: 30,
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
            },
            {
              name: 'mantine',
              priority: 20,
              test: /node_modules[\\/](@mantine[\\/](?!charts)|@floating-ui|react-remove-scroll)/,
            },
            // The dashboard's charts and their drawing library: loaded only with the charts, lazily.
            { name: 'charts', priority: 10, test: /node_modules[\\/](@mantine[\\/]charts|recharts)[\\/]/ },
            { name: 'vendor', test: /node_modules/ },
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
