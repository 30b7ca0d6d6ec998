/**
 * Auth: sign-in, registration, sessions and passwords (routes), and the sign-in throttle the
 * composition root plugs into the app's dependencies.
 */
export { authRoutes } from './routes';
export { createLoginThrottle, DEFAULT_THROTTLE, type ThrottlePolicy } from './throttle';
