import type { TMessageChannel, TMessageEvent, TMessageLanguage } from '@lending/domain';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type MessageTemplateRow, messageTemplates } from '../../db/schema';

/** The admins' templates (the product's own words need no row). */
export const listTemplateRows = (db: Executor): Promise<MessageTemplateRow[]> =>
  db.select().from(messageTemplates);

type TemplateKey = { event: TMessageEvent; channel: TMessageChannel; language: TMessageLanguage };

const keyIs = (key: TemplateKey) =>
  and(
    eq(messageTemplates.event, key.event),
    eq(messageTemplates.channel, key.channel),
    eq(messageTemplates.language, key.language),
  );

/** Stores an admin's words for one template (replacing earlier ones). */
export const upsertTemplateRow = async (
  db: Executor,
  row: TemplateKey & {
    subject: string | null;
    body: string;
    providerTemplateId: string | null;
    updatedBy: number;
    now: Date;
  },
): Promise<MessageTemplateRow> => {
  const values = {
    event: row.event,
    channel: row.channel,
    language: row.language,
    subject: row.subject,
    body: row.body,
    providerTemplateId: row.providerTemplateId,
    updatedBy: row.updatedBy,
    updatedAt: row.now,
  };
  const [stored] = await db
    .insert(messageTemplates)
    .values(values)
    .onConflictDoUpdate({
      target: [messageTemplates.event, messageTemplates.channel, messageTemplates.language],
      set: values,
    })
    .returning();
  if (!stored) throw new Error('the template was not stored');
  return stored;
};

/** Removes an admin's words, so the product's own apply again; answers whether there were any. */
export const deleteTemplateRow = async (db: Executor, key: TemplateKey): Promise<boolean> => {
  const removed = await db
    .delete(messageTemplates)
    .where(keyIs(key))
    .returning({ event: messageTemplates.event });
  return removed.length > 0;
};
