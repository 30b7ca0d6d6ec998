import type { TPublicUser } from '@lending/domain';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeUser } from '../test/fixtures';
import { renderApp } from '../test/render-app';

afterEach(cleanup);

/**
 * A placeholder is a screen whose whole content is its PageTitle: the main part of the shell holds
 * one `page-*` block with nothing in it but the heading and its subtitle. Returns its test id.
 */
const placeholderOf = (): string | null => {
  const main = document.querySelector('main');
  const [only, ...rest] = Array.from(main?.children ?? []);
  const testId = only?.getAttribute('data-testid') ?? '';
  if (only === undefined || rest.length > 0 || !testId.startsWith('page-')) return null;
  // Mantine puts responsive font sizes in inline <style> elements: not content.
  const parts = Array.from(only.querySelectorAll('*')).filter(
    (node) => node.children.length === 0 && node.tagName !== 'STYLE',
  );
  return parts.every((node) => node.closest('h1, p') !== null) ? testId : null;
};

const custom = makeUser('user', {
  role: 'Report Reader',
  role_id: 9,
  Role: { id: 9, name: 'Report Reader', permissions: [{ resource: 'reports', actions: ['read'] }] },
});

/** Each role, and the screens that show it every shell it may see (a sidebar area, the top bar). */
const ROLES: [string, TPublicUser, string[]][] = [
  ['superadmin', makeUser('superadmin'), ['/admin/dashboard', '/notifications']],
  ['admin', makeUser('admin'), ['/admin/dashboard', '/notifications']],
  ['agent', makeUser('agent'), ['/agent-dashboard', '/help']],
  ['user', makeUser('user'), ['/my-loans']],
  ['custom role', custom, ['/dashboard']],
];

const MENU_BUTTONS = [/open profile menu/i, /open account menu/i];

/** Every in-app link the shell at `start` shows, the profile and account menus opened. */
const linksShownAt = async (start: string, user: TPublicUser): Promise<string[]> => {
  const app = renderApp(start, { user });
  await screen.findByRole('heading', { level: 1 });
  for (const name of MENU_BUTTONS) {
    const button = screen.queryByRole('button', { name });
    if (button !== null) {
      await app.events.click(button);
      await screen.findAllByRole('menuitem');
    }
  }
  const hrefs = Array.from(document.querySelectorAll('a[href^="/"]')).map(
    (link) => link.getAttribute('href') ?? '',
  );
  cleanup();
  return hrefs;
};

/** Where following `href` lands, and whether that screen is only a placeholder. */
const landing = async (href: string, user: TPublicUser) => {
  const app = renderApp(href, { user });
  await screen.findByRole('heading', { level: 1 });
  await waitFor(() => expect(screen.queryByTestId('route-loading')).toBeNull());
  const result = { pathname: app.pathname(), placeholder: placeholderOf() };
  cleanup();
  return result;
};

describe('every link a role is shown leads to a screen it may use', () => {
  it.each(ROLES)(
    'holds for %s',
    async (_role, user, starts) => {
      const hrefs = new Set<string>();
      for (const start of starts) for (const href of await linksShownAt(start, user)) hrefs.add(href);
      expect(hrefs.size).toBeGreaterThan(0);
      const deadEnds: string[] = [];
      for (const href of hrefs) {
        const { pathname, placeholder } = await landing(href, user);
        if (pathname === '/unauthorized') deadEnds.push(`${href} → /unauthorized`);
        else if (placeholder !== null) deadEnds.push(`${href} → placeholder ${placeholder}`);
      }
      expect(deadEnds).toEqual([]);
    },
    120_000,
  );

  it('recognises a placeholder, and a real screen as none', async () => {
    // A screen of nothing but its title, as the unbuilt screens used to be.
    document.body.innerHTML = '<main><div data-testid="page-x"><h1>X</h1><p>sub</p></div></main>';
    expect(placeholderOf()).toBe('page-x');
    document.body.innerHTML = '';
    expect((await landing('/admin/todos', makeUser('admin'))).placeholder).toBeNull();
    expect((await landing('/my-loans', makeUser('user'))).placeholder).toBeNull();
  });
});
