/** The query keys of the import screens: every one under 'imports', so one invalidation reaches all. */
export const importKeys = {
  all: ['imports'] as const,
  list: (page: number) => [...importKeys.all, 'list', page] as const,
  detail: (id: number) => [...importKeys.all, 'detail', id] as const,
  /** An import's errors, of the check that ended at `checkedAt` (a new check lists anew). */
  errors: (id: number, checkedAt: string | null, which: { sheet: string; page: number; pageSize: number }) =>
    [...importKeys.detail(id), 'errors', checkedAt, which] as const,
  toMatch: (page: number) => [...importKeys.all, 'to-match', page] as const,
};
