/** Every holiday query sits under this key (the list, the national preset, today's holiday). */
export const holidaysKey = ['holidays'] as const;
