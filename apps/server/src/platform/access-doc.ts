import { hasAnyRole, hasPermission, SYSTEM_ROLE_PERMISSIONS, type SystemRole } from '@lending/domain';
import type { Access, RouteAccess } from './access';

const COLUMNS: readonly SystemRole[] = ['user', 'agent', 'admin', 'superadmin'];

const SCOPE_WORDS = {
  all: 'all',
  self: 'own',
  owned: 'own / book',
  signed: 'signed link',
} as const;

/** `/api/loans/:id(^\d+$)` as people read it: `/api/loans/{id}`. */
const pathOf = (url: string) => url.replace(/:(\w+)(\([^)]*\))?/g, '{$1}');

const ruleOf = (access: Access): string => {
  if ('public' in access) return 'anyone';
  const parts = [
    access.roles ? `roles ${access.roles.join(', ')}` : null,
    access.permission ? `permission \`${access.permission.join(':')}\`` : null,
  ].filter((part) => part !== null);
  return parts.length > 0 ? parts.join(' + ') : 'signed in';
};

/**
 * What a seeded role gets: `yes`, `own` (its own records or its book only: others answer 404),
 * or `–` (403).
 */
const cellOf = (access: Access, role: SystemRole): string => {
  if ('public' in access) return 'yes';
  const bearer = { role, permissions: SYSTEM_ROLE_PERMISSIONS[role] };
  if (access.roles && !hasAnyRole(bearer, access.roles)) return '–';
  if (access.permission && !hasPermission(bearer, access.permission[0], access.permission[1])) return '–';
  if (access.scope === 'self') return 'own';
  if (access.scope === 'owned' && (role === 'user' || role === 'agent')) return 'own';
  return 'yes';
};

/** docs/ACCESS.md: every /api route, who may call it and whose records it reaches. */
export const accessDocument = (routes: readonly RouteAccess[]): string => {
  const sorted = [...routes].sort(
    (a, b) => pathOf(a.url).localeCompare(pathOf(b.url)) || a.method.localeCompare(b.method),
  );
  const rows = sorted.map(({ method, url, access }) => {
    const scope = SCOPE_WORDS[access.scope ?? 'all'];
    const anonymous = 'public' in access ? 'yes' : '–';
    const cells = [anonymous, ...COLUMNS.map((role) => cellOf(access, role))];
    return `| ${method} | \`${pathOf(url)}\` | ${ruleOf(access)} | ${scope} | ${cells.join(' | ')} |`;
  });
  return `# Access matrix

<!-- Generated from the routes' declared access rules by \`npm run docs:access\`; do not edit by hand. -->

Every \`/api\` route declares who may call it (\`config.access\`, \`apps/server/src/platform/access.ts\`);
a route without a rule stops the server from starting. This table is read from the registered
routes, and \`test/security/access-matrix.test.ts\` calls every route as each caller below with
records that belong to somebody else and checks the answers against the same rules.

- **who may call**: \`anyone\` (no session needed), \`signed in\` (any live session), roles (the
  superadmin passes every role list) and a permission \`resource:action\` of the caller's role
  (custom roles pass only routes that name a permission their role holds).
- **scope**: whose records the route reaches once the caller passed. \`own\`: the caller's own
  account and records, taken from the session, whoever calls. \`own / book\`: a borrower's own
  records and an agent's book (the customers assigned to them); admins and the superadmin reach
  every record. \`signed link\`: a document link's signature and expiry are the credential.
- **the role columns** (the seeded roles): \`yes\` passes, \`own\` passes for its own records or
  book only (a record outside it answers 404, so its existence does not leak), \`–\` is a 403
  (anonymous callers get a 401 instead).

| method | path | who may call | scope | anonymous | ${COLUMNS.join(' | ')} |
|---|---|---|---|---|${COLUMNS.map(() => '---').join('|')}|
${rows.join('\n')}
`;
};
