/** Bounced EMIs Management (the superadmin's): list, cards and .xlsx export. */
export { bouncedEmiRoutes } from './routes';
