import type { TMessageChannelsResponse } from '@lending/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { messageKeys } from './keys';

/** One channel as System Status shows it. */
export type TMessageChannelStatus = TMessageChannelsResponse['channels'][number];

/** GET /messages/channels → each channel's provider, whether it is configured, its last success and its queue. */
export const fetchMessageChannels = (signal?: AbortSignal) =>
  api.get<TMessageChannelsResponse>('/messages/channels', { signal });

export const messageChannelsQueryOptions = () =>
  queryOptions({
    queryKey: messageKeys.channels,
    queryFn: ({ signal }) => fetchMessageChannels(signal),
    retry: false,
    // The dashboard stays open for hours: the failures of the last hour should stay the last hour's.
    refetchInterval: 60_000,
  });

export const useMessageChannels = () => useQuery(messageChannelsQueryOptions());
