import {
  MESSAGE_CHANNEL_LABELS,
  MESSAGE_CHANNELS,
  MESSAGE_EVENTS,
  MESSAGE_STATUS_LABELS,
  MESSAGE_STATUSES,
  type TMessageChannel,
  type TMessageEvent,
  type TMessageStatus,
} from '@lending/domain';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { filterChips, ListFilterBar } from '../../../components/filter-bar';
import { FilterSearch, FilterSelect } from '../../../components/filter-fields';
import { formatPickerDate } from '../../../lib/date-input';
import type { TListFilters } from '../../../lib/use-list-filters';
import type { TMessageFilters } from '../lib/message-filters';
import { eventLabel } from '../lib/message-format';

const CHANNEL_OPTIONS = MESSAGE_CHANNELS.map((value) => ({ value, label: MESSAGE_CHANNEL_LABELS[value] }));
const STATUS_OPTIONS = MESSAGE_STATUSES.map((value) => ({ value, label: MESSAGE_STATUS_LABELS[value] }));
const EVENT_OPTIONS = MESSAGE_EVENTS.map((value) => ({ value, label: eventLabel(value) }));

/** Borrower search, channel, status, event and the days written, with the applied ones as removable chips. */
export const MessageFilters = ({ state }: { state: TListFilters<TMessageFilters> }) => {
  const { values } = state;
  const chips = filterChips<keyof TMessageFilters>([
    { key: 'search', label: 'Borrower', value: values.search },
    {
      key: 'channel',
      label: 'Channel',
      value: values.channel,
      show: (value) => MESSAGE_CHANNEL_LABELS[value as TMessageChannel],
    },
    {
      key: 'status',
      label: 'Status',
      value: values.status,
      show: (value) => MESSAGE_STATUS_LABELS[value as TMessageStatus],
    },
    {
      key: 'event',
      label: 'Event',
      value: values.event,
      show: (value) => eventLabel(value as TMessageEvent),
    },
    { key: 'from', label: 'From', value: values.from, show: formatPickerDate },
    { key: 'to', label: 'To', value: values.to, show: formatPickerDate },
  ]);
  const select = (key: 'channel' | 'status' | 'event', placeholder: string) => ({
    value: values[key],
    onValueChange: (value: string) => state.set(key, value),
    clearable: true,
    placeholder,
  });
  return (
    <ListFilterBar filters={state} chips={chips} chipsTestId="message-filter-chips">
      <FilterSearch
        span={{ base: 12, md: 4 }}
        placeholder="Borrower name or mobile"
        value={values.search}
        onValueChange={(value) => state.set('search', value)}
      />
      <FilterSelect
        span={{ base: 6, md: 2 }}
        label="Channel"
        data={CHANNEL_OPTIONS}
        {...select('channel', 'All channels')}
      />
      <FilterSelect
        span={{ base: 6, md: 2 }}
        label="Status"
        data={STATUS_OPTIONS}
        {...select('status', 'All statuses')}
      />
      <FilterSelect
        span={{ base: 12, md: 4 }}
        label="Event"
        data={EVENT_OPTIONS}
        {...select('event', 'All events')}
      />
      <DateRangeFilter
        labels={['From', 'To']}
        span={{ base: 6, md: 3 }}
        from={values.from}
        to={values.to}
        onFromChange={(value) => state.set('from', value)}
        onToChange={(value) => state.set('to', value)}
        toError={state.error}
        bounded
      />
    </ListFilterBar>
  );
};
