/** Roles: the role routes, the role look-ups users and sign-up need, and the seeding of the system roles. */
export { findRoleById, findRoleByName } from './repository';
export { roleRoutes } from './routes';
export { seedSystemRoles } from './seed-service';
