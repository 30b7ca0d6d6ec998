/**
 * The sign-in page's JavaScript as Chromium fetches it. A throwaway static server gzips every file
 * (as the API server would) and answers index.html for any page path; Debian's Chromium opens
 * /login and the encoded body sizes of the JavaScript responses are summed. No API call is needed:
 * a visitor without a session never asks for one on the sign-in page.
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html',
};

const serve = (distDir: string) =>
  new Promise<{ url: string; close: () => void }>((resolveServer) => {
    const server = createServer((request, response) => {
      const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
      const isAsset = path.startsWith('/assets/') && !path.includes('..');
      readFile(join(distDir, isAsset ? path : 'index.html'))
        .then((body) => {
          response.writeHead(200, {
            'content-type': TYPES[extname(path)] ?? 'text/html',
            'content-encoding': 'gzip',
          });
          response.end(gzipSync(body, { level: 9 }));
        })
        .catch(() => {
          response.writeHead(404);
          response.end();
        });
    });
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolveServer({ url: `http://127.0.0.1:${port}`, close: () => server.close() });
    });
  });

export const measureInBrowser = async (distDir: string) => {
  const site = await serve(distDir);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  try {
    const page = await browser.newPage();
    const responses: Promise<{ file: string; bytes: number }>[] = [];
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (!path.endsWith('.js')) return;
      responses.push(
        response
          .finished()
          .then(() => response.request().sizes())
          .then((sizes) => ({ file: path.slice(1), bytes: sizes.responseBodySize })),
      );
    });
    await page.goto(`${site.url}/login`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    const fetched = await Promise.all(responses);
    return {
      files: fetched.map((item) => item.file),
      bytes: fetched.reduce((total, item) => total + item.bytes, 0),
    };
  } finally {
    await browser.close();
    site.close();
  }
};
