import type { RouteObject } from 'react-router';

/**
 * The route table with every lazy screen loaded up front, as the table was before screens were
 * split: a test then sees a navigation land at once, as it did, instead of after the screen's code
 * arrives. `app/routes.test.tsx` covers the lazy table itself.
 */
export const eagerRoutes = async (routes: RouteObject[]): Promise<RouteObject[]> =>
  Promise.all(
    routes.map(async ({ lazy, children, ...route }) => {
      const loaded = typeof lazy === 'function' ? await lazy() : {};
      const nested = children === undefined ? {} : { children: await eagerRoutes(children) };
      return { ...route, ...loaded, ...nested } as RouteObject;
    }),
  );
