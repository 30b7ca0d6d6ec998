/**
 * zod compiles fast object parsers with `new Function`, and probes whether it may by calling it
 * once. The server's Content-Security-Policy (no 'unsafe-eval') refuses that, and the browser
 * reports a violation on every screen that builds a schema, even though zod falls back. Parsing a
 * form's fields needs no compiled parser: tell zod not to try (`jitless`).
 *
 * zod 4 keeps its settings on `globalThis.__zod_globalConfig` (so that several copies of it share
 * them) and object schemas read them when they are created. Setting them there before any schema
 * exists keeps zod's own code out of the sign-in page's download (importing zod's `config` would
 * add 3.6 kB gzipped to it); e2e/tests/csp.spec.ts fails if a zod upgrade stops honouring it.
 * Imported first by main.tsx.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };
