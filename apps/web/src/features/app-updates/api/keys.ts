/** Query keys of App Update Management; every change invalidates `all`. */
export const appUpdateKeys = {
  all: ['app-updates'] as const,
  config: ['app-updates', 'config'] as const,
  files: ['app-updates', 'files'] as const,
};
