import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { accessDocument } from '../../src/platform/access-doc';
import { registeredRoutes } from '../../src/route-registry';

describe('docs/ACCESS.md', () => {
  it('is the routes’ declared rules as generated (run `npm run docs:access` after changing a route)', async () => {
    const doc = readFileSync(new URL('../../../../docs/ACCESS.md', import.meta.url), 'utf8');
    expect(doc).toBe(accessDocument(await registeredRoutes()));
  });

  it('says what each seeded role gets from a rule', () => {
    const doc = accessDocument([
      { method: 'GET', url: '/api/loans/:id(^\\d+$)', access: { roles: ['agent', 'admin'], scope: 'owned' } },
      { method: 'GET', url: '/api/health', access: { public: true } },
      { method: 'GET', url: '/api/todos', access: { permission: ['todos', 'read'], scope: 'self' } },
    ]);
    expect(doc).toContain(
      '| GET | `/api/loans/{id}` | roles agent, admin | own / book | – | – | own | yes | yes |',
    );
    expect(doc).toContain('| GET | `/api/health` | anyone | all | yes | yes | yes | yes | yes |');
    expect(doc).toContain('| GET | `/api/todos` | permission `todos:read` | own | – | – | – | own | own |');
  });
});
