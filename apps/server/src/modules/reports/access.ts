import type { Access } from '../../platform/access';

/**
 * The credit report needs `reports:read`, whatever the role; whose history a reader sees is the
 * domain's `creditScopeOf`.
 */
export const REPORT_READERS: Access = { permission: ['reports', 'read'], scope: 'owned' };
