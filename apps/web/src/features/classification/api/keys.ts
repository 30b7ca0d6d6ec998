/** Every query of the classification starts with this key, so one invalidation refreshes them all. */
export const classificationQueryKey = ['classification'] as const;
