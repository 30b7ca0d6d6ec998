import {
  type CustomerScope,
  type TUserLocation,
  type TUsersPage,
  type TUsersQuery,
  userListScopeOf,
} from '@lending/domain';
import type { AuthUser } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { assertVisible, isAgent } from './policy';
import { presentManagedUser, presentManagedUsers } from './presenter';
import { findUserWithRoleById, listUsers, listUsersPage, type UserListFilter } from './repository';

/** The scope rule as a list filter: an agent's book is the users whose agent they are. */
const scopeFilter = (scope: CustomerScope): UserListFilter => {
  if (scope.kind === 'agent') return { agentId: scope.agentId };
  if (scope.kind === 'customer') return { id: scope.customerId };
  return {};
};

/** Reading users: the admin list, an agent's customers, one user, a user's location. */
export const createUserQueries = (deps: AppDeps) => {
  const { db, signer, clock } = deps;
  const as = (viewer: AuthUser) => ({ signer, nowMs: clock.now().getTime(), viewer });

  return {
    /**
     * GET /users: one page, newest first, within the caller's scope (an agent: their own
     * customers only); `role` compares names ignoring case and spaces.
     */
    async list(actor: AuthUser, query: TUsersQuery): Promise<TUsersPage> {
      const { rows, total } = await listUsersPage(
        db,
        {
          ...scopeFilter(userListScopeOf(actor)),
          search: query.search || undefined,
          role: query.role || undefined,
        },
        { limit: query.limit, offset: (query.page - 1) * query.limit },
      );
      return {
        users: await presentManagedUsers(db, as(actor), rows),
        total,
        totalPages: Math.ceil(total / query.limit),
      };
    },

    /** GET /users/list/visible: an agent's own customers; admins see every customer (role user). */
    async visible(actor: AuthUser) {
      const rows = await listUsers(db, isAgent(actor) ? { agentId: actor.id } : { role: 'user' });
      return { users: await presentManagedUsers(db, as(actor), rows) };
    },

    /** GET /users/{id}: out-of-scope ids answer 404, as unknown ones do. */
    async get(actor: AuthUser, id: number) {
      const found = assertVisible(actor, await findUserWithRoleById(db, id));
      return { user: await presentManagedUser(db, as(actor), found) };
    },

    /** GET /users/location/{id} (superadmin; the route checks). */
    async location(id: number): Promise<TUserLocation> {
      const found = await findUserWithRoleById(db, id);
      if (!found) throw notFound('User location not found.');
      const { user } = found;
      return {
        user: {
          latitude: user.latitude,
          longitude: user.longitude,
          location_enabled: user.locationEnabled,
          location_updated_at: user.locationUpdatedAt?.toISOString() ?? null,
          location_accuracy: user.locationAccuracy,
        },
      };
    },
  };
};
