/**
 * Auth: sign-in, registration, sessions and passwords (routes), and the sign-in throttle the
 * composition root plugs into the app's dependencies.
 */

export { DEFAULT_REGISTRATION_LIMITS, type RegistrationLimits } from './registration-throttle';
export { authRoutes } from './routes';
export { createLoginThrottle, DEFAULT_THROTTLE, type ThrottlePolicy } from './throttle';
