/** Upgrade Management: the software update lifecycle, its history and the dashboard banner's calls. */
export { upgradeRoutes } from './routes';
export { createUpgrades } from './service';
