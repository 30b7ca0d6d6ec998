import type { TMessageTemplatePreview, TMessageTemplatePreviewRequest } from '@lending/domain';
import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { messageKeys } from './keys';

/** POST /message-templates/preview → the words with sample values, an SMS's parts, unknown variables; nothing saved. */
export const previewTemplate = (body: TMessageTemplatePreviewRequest, signal?: AbortSignal) =>
  api.post<TMessageTemplatePreview>('/message-templates/preview', body, { signal });

/** The preview of `body`; none while it is null (an empty text has nothing to preview). */
export const templatePreviewQueryOptions = (body: TMessageTemplatePreviewRequest | null) =>
  queryOptions({
    queryKey: [...messageKeys.preview, body],
    queryFn: body === null ? skipToken : ({ signal }) => previewTemplate(body, signal),
    // The last preview stays in view while the next one (after more typing) is on its way.
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export const useTemplatePreview = (body: TMessageTemplatePreviewRequest | null) =>
  useQuery(templatePreviewQueryOptions(body));
