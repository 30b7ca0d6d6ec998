import { describe, expect, it } from 'vitest';
import { undeclaredImports } from '../apps/server/scripts/bundle.mjs';

describe('undeclaredImports', () => {
  it('names each package the bundle imports that is not a run-time dependency, once', () => {
    const imports = [
      { path: 'node:fs', external: true },
      { path: 'drizzle-orm/pg-core', external: true },
      { path: 'drizzle-orm', external: true },
      { path: '@fastify/static', external: true },
      { path: '@vitest/expect/dist', external: true },
      { path: 'vite', external: true },
      { path: 'vite/module-runner', external: true },
      { path: 'src/app.ts', external: false },
    ];
    const dependencies = { 'drizzle-orm': '0.45.4', '@fastify/static': '10.1.11' };
    expect(undeclaredImports(imports, dependencies)).toEqual(['@vitest/expect', 'vite']);
  });
});
