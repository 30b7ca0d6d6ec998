import { z } from 'zod';
import { UPDATE_HISTORY_PAGE_SIZE, UPDATE_STATUSES, updateMessages } from '../upgrades/update-status';
import { ZDbId, ZPageQuery, ZQuery, ZQueryInteger } from './common';
import { ZText } from './primitives';

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

export const VERSION_MAX = 50;
export const UPDATE_COMMENTS_MAX = 1000;

const ZVersion = (label: string) =>
  ZText(label).trim().max(VERSION_MAX, `${label} must be at most ${VERSION_MAX} characters`);

/** A status of the lifecycle, with the form's message when missing or unknown. */
export const ZUpdateStatusValue = z.enum(UPDATE_STATUSES, { error: updateMessages.statusRequired });

/**
 * POST /update-status: the whole form (required version, current version, status, comments), or the
 * status alone (the history's row actions, the dashboard banner): the versions then carry over from
 * the current record. A blank version counts as absent.
 */
export const ZUpdateStatusRequest = z.object({
  status: ZUpdateStatusValue,
  required_version: z.preprocess(blankToUndefined, ZVersion('Required version').optional()),
  current_version: z.preprocess(blankToUndefined, ZVersion('Current version').optional()),
  comments: z.preprocess(
    blankToUndefined,
    ZText('comments')
      .trim()
      .max(UPDATE_COMMENTS_MAX, `Comments must be at most ${UPDATE_COMMENTS_MAX} characters`)
      .optional(),
  ),
});
export type TUpdateStatusRequest = z.infer<typeof ZUpdateStatusRequest>;

/** One update status record; `status` is `unknown` (and `id` null) before the first record. */
export const ZUpdateStatusRecord = z.object({
  id: z.number().nullable(),
  required_version: z.string().nullable(),
  current_version: z.string().nullable(),
  status: z.enum([...UPDATE_STATUSES, 'unknown']),
  comments: z.string().nullable(),
  last_updated_at: z.string().nullable(),
  user_id: z.number().nullable(),
  user: z.object({ name: z.string(), email: z.string() }).nullable(),
});
export type TUpdateStatusRecord = z.infer<typeof ZUpdateStatusRecord>;

/** GET /update-status/history: 10 a page by default, filtered by who made the change, status, version. */
export const ZUpdateHistoryQuery = ZQuery({
  page: ZPageQuery,
  limit: ZQueryInteger('limit', 1, 100, UPDATE_HISTORY_PAGE_SIZE),
  userId: ZDbId('Invalid user').optional(),
  status: ZUpdateStatusValue.optional(),
  version: ZVersion('version').optional(),
});
export type TUpdateHistoryQuery = z.infer<typeof ZUpdateHistoryQuery>;

export const ZUpdateHistoryResponse = z.object({
  records: z.array(ZUpdateStatusRecord),
  page: z.number(),
  totalPages: z.number(),
  total: z.number(),
});
export type TUpdateHistoryResponse = z.infer<typeof ZUpdateHistoryResponse>;

/** POST /update-status answers the new current record and a message. */
export const ZUpdateStatusResponse = z.object({ message: z.string(), status: ZUpdateStatusRecord });
