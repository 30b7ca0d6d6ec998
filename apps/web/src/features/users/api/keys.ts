/** Query keys of the users screen; mutations invalidate `usersKeys.all`. */
export const usersKeys = {
  all: ['users'] as const,
  list: (filter: { search: string; role: string }, startPage: number) =>
    ['users', 'list', filter, startPage] as const,
  visible: ['users', 'visible'] as const,
  referenceCandidates: (source: 'users' | 'auth') => ['users', 'reference-candidates', source] as const,
  location: (id: number) => ['users', 'location', id] as const,
};
