import type { TMessageTemplatesResponse } from '@lending/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { messageKeys } from './keys';

/** GET /message-templates → every event × channel × language, the admin's words or the product's own. */
export const fetchMessageTemplates = (signal?: AbortSignal) =>
  api.get<TMessageTemplatesResponse>('/message-templates', { signal });

export const messageTemplatesQueryOptions = () =>
  queryOptions({
    queryKey: messageKeys.templates,
    queryFn: ({ signal }) => fetchMessageTemplates(signal),
    retry: false,
  });

export const useMessageTemplates = () => useQuery(messageTemplatesQueryOptions());
