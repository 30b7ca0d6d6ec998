/** App Update Management: the field app's Android configuration, its APKs and the public update check. */
export { appUpdateRoutes } from './routes';
