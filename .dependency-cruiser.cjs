/**
 * Module boundaries, checked by `npm run lint` (dependency-cruiser; TypeScript read through Babel,
 * type-only imports included). A rule's `comment` is what a violation prints.
 */
const SERVER = '^apps/server/src';
const WEB = '^apps/web/src';
/** The domain's tests and their helpers (lending/test-support.ts). */
const DOMAIN_TESTS = '^packages/domain/src/.+([.]test|/test-support)[.]ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'server-module-through-its-index',
      severity: 'error',
      comment:
        "A server module uses another module only through that module's index.ts (its public entry); repositories, services and presenters stay private. Export what you need from the other module's index.ts.",
      from: { path: `${SERVER}/modules/([^/]+)/` },
      to: {
        path: `${SERVER}/modules/[^/]+/`,
        pathNot: [`${SERVER}/modules/$1/`, `${SERVER}/modules/[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'money-below-loans-emis-agents',
      severity: 'error',
      comment:
        'apps/server/src/modules/money is the frame of every money call (lock, closed cash day, idempotency, ledger, audit and receipt rows): loans, emis and agents make their calls through it, so it imports none of them. Move what the frame needs down into money (or into packages/domain for a rule).',
      from: { path: `${SERVER}/modules/money/` },
      to: { path: `${SERVER}/modules/(loans|emis|agents)/` },
    },
    {
      name: 'platform-knows-no-feature',
      severity: 'error',
      comment:
        'apps/server/src/platform is below the modules: it must not import a module. Declare what you need as a type in platform and let the composition root (create-deps.ts, app.ts) plug the module in.',
      from: { path: `${SERVER}/platform/` },
      to: { path: `${SERVER}/modules/` },
    },
    {
      name: 'db-knows-no-feature-nor-platform',
      severity: 'error',
      comment:
        'apps/server/src/db is the bottom layer: schema, client and SQL helpers only; it imports neither modules nor platform.',
      from: { path: `${SERVER}/db/` },
      to: { path: `${SERVER}/(modules|platform)/` },
    },
    {
      name: 'web-features-apart',
      severity: 'error',
      comment:
        'A web feature never imports another feature; move what both need to components/, lib/ or api/ (or packages/domain for rules).',
      from: { path: `${WEB}/features/([^/]+)/` },
      to: { path: `${WEB}/features/[^/]+/`, pathNot: `${WEB}/features/$1/` },
    },
    {
      name: 'web-shared-code-knows-no-feature',
      severity: 'error',
      comment:
        'apps/web/src/components, lib and api are shared by the features: they import no feature and nothing of app/.',
      from: { path: `${WEB}/(components|lib|api)/` },
      to: { path: `${WEB}/(features|app)/` },
    },
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment:
        'packages/domain is pure rules and contracts: it imports only itself and zod (no node:, no React, no other workspace, no other package).',
      from: { path: '^packages/domain/src/', pathNot: DOMAIN_TESTS },
      to: { pathNot: ['^packages/domain/src/', '^node_modules/zod/'] },
    },
    {
      name: 'domain-tests-use-test-tools-only',
      severity: 'error',
      comment:
        "packages/domain's tests (and their test-support.ts) import the domain, zod and the test tools (vitest, fast-check) only.",
      from: { path: DOMAIN_TESTS },
      to: { pathNot: ['^packages/domain/src/', '^node_modules/(zod|vitest|fast-check)/'] },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules import each other in a circle: break it by moving what both need to one side.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to nothing: a typo, or a package missing from package.json.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    // TypeScript 7 has no JavaScript compiler API: Babel strips the types (type-only imports kept).
    babelConfig: { fileName: '.dependency-cruiser.babel.cjs' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^apps/[^/]+/dist/', '^apps/server/src/db/migrations/'] },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
    },
    // No cache: its change detection only looks at the extensions a bundled parser reads, not at .ts.
    cache: false,
  },
};
