import {
  defaultMessageText,
  MESSAGE_CHANNELS,
  MESSAGE_EVENT_RULES,
  MESSAGE_EVENTS,
  MESSAGE_LANGUAGES,
  type TMessageChannel,
  type TMessageEvent,
  type TMessageLanguage,
  type TMessageTemplateView,
} from '@lending/domain';
import type { MessageTemplateRow } from '../../db/schema';

/** A template as a message is written from it: words, subject and the provider's template id. */
export type EffectiveTemplate = {
  subject: string | null;
  body: string;
  providerTemplateId: string | null;
  row: MessageTemplateRow | null;
};

const keyOf = (event: string, channel: string, language: string) => `${event}/${channel}/${language}`;

/** Every template: the admins' rows over the product's own words. */
export const effectiveTemplates = (rows: readonly MessageTemplateRow[]) => {
  const byKey = new Map(rows.map((row) => [keyOf(row.event, row.channel, row.language), row]));
  return (event: TMessageEvent, channel: TMessageChannel, language: TMessageLanguage): EffectiveTemplate => {
    const row = byKey.get(keyOf(event, channel, language)) ?? null;
    if (row)
      return {
        subject: channel === 'email' ? row.subject : null,
        body: row.body,
        providerTemplateId: row.providerTemplateId,
        row,
      };
    const text = defaultMessageText(event, channel, language);
    return { ...text, providerTemplateId: null, row: null };
  };
};

/** A template as the Templates screen shows it. */
export const toTemplateView = (
  key: { event: TMessageEvent; channel: TMessageChannel; language: TMessageLanguage },
  template: EffectiveTemplate,
): TMessageTemplateView => ({
  ...key,
  subject: template.subject,
  body: template.body,
  provider_template_id: template.providerTemplateId,
  variables: [...MESSAGE_EVENT_RULES[key.event].variables],
  customised: template.row !== null,
  updated_at: template.row?.updatedAt.toISOString() ?? null,
});

/** Every event × channel × language, in the screen's order. */
export const templateKeys = () =>
  MESSAGE_EVENTS.flatMap((event) =>
    MESSAGE_CHANNELS.flatMap((channel) =>
      MESSAGE_LANGUAGES.map((language) => ({ event, channel, language })),
    ),
  );
