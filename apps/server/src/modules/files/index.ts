/** Uploaded documents behind short-lived signed links. */
export { fileRoutes } from './routes';
