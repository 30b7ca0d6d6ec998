import {
  MESSAGE_EVENT_RULES,
  MESSAGE_PREVIEW_VALUES,
  messageMessages,
  renderTemplate,
  smsLength,
  type TMessageTemplateParams,
  type TMessageTemplatePreview,
  type TMessageTemplatePreviewRequest,
  type TMessageTemplateRequest,
  type TMessageTemplatesResponse,
  type TMessageTemplateView,
  unknownTemplateVariables,
} from '@lending/domain';
import { type Actor, writeAudit } from '../../platform/audit';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { effectiveTemplates, templateKeys, toTemplateView } from './templates';
import { deleteTemplateRow, listTemplateRows, upsertTemplateRow } from './templates-repository';

/** Refuses words that name a variable the event does not offer: the message would go out with a hole. */
const assertKnownVariables = (key: TMessageTemplateParams, text: string) => {
  const unknown = unknownTemplateVariables(text, MESSAGE_EVENT_RULES[key.event].variables);
  if (unknown.length > 0)
    throw new AppError(
      'MESSAGE_TEMPLATE_VARIABLE',
      `This event does not offer ${unknown.map((name) => `{{${name}}}`).join(', ')}; it offers ${MESSAGE_EVENT_RULES[
        key.event
      ].variables
        .map((name) => `{{${name}}}`)
        .join(', ')}.`,
    );
};

/** The message templates admins edit, each falling back to the product's own words. */
export const createMessageTemplates = (deps: AppDeps) => {
  const viewOf = async (key: TMessageTemplateParams): Promise<TMessageTemplateView> =>
    toTemplateView(
      key,
      effectiveTemplates(await listTemplateRows(deps.db))(key.event, key.channel, key.language),
    );

  return {
    async list(): Promise<TMessageTemplatesResponse> {
      const lookup = effectiveTemplates(await listTemplateRows(deps.db));
      return {
        templates: templateKeys().map((key) =>
          toTemplateView(key, lookup(key.event, key.channel, key.language)),
        ),
      };
    },

    /** An admin's words for one template, checked and audited. */
    async save(key: TMessageTemplateParams, input: TMessageTemplateRequest, userId: number, actor: Actor) {
      const subject = key.channel === 'email' ? (input.subject ?? null) : null;
      assertKnownVariables(key, `${subject ?? ''} ${input.body}`);
      const providerTemplateId = key.channel === 'email' ? null : input.provider_template_id || null;
      await deps.db.transaction(async (tx) => {
        await upsertTemplateRow(tx, {
          ...key,
          subject,
          body: input.body,
          providerTemplateId,
          updatedBy: userId,
          now: deps.clock.now(),
        });
        await writeAudit(tx, actor, {
          action: 'message_template_saved',
          resourceType: 'message_template',
          resourceId: `${key.event}/${key.channel}/${key.language}`,
          metadata: { body: input.body, subject, provider_template_id: providerTemplateId },
        });
      });
      return { message: messageMessages.templateSaved, template: await viewOf(key) };
    },

    /** Back to the product's words; audited when there were an admin's. */
    async reset(key: TMessageTemplateParams, actor: Actor) {
      await deps.db.transaction(async (tx) => {
        if (await deleteTemplateRow(tx, key))
          await writeAudit(tx, actor, {
            action: 'message_template_reset',
            resourceType: 'message_template',
            resourceId: `${key.event}/${key.channel}/${key.language}`,
          });
      });
      return { message: messageMessages.templateReset, template: await viewOf(key) };
    },

    /** Words with sample values, an SMS's parts, and the variables the event does not offer. */
    preview(input: TMessageTemplatePreviewRequest): TMessageTemplatePreview {
      const subject = input.channel === 'email' ? (input.subject ?? null) : null;
      const text = renderTemplate(input.body, MESSAGE_PREVIEW_VALUES);
      return {
        subject: subject === null ? null : renderTemplate(subject, MESSAGE_PREVIEW_VALUES),
        text,
        sms: input.channel === 'sms' ? smsLength(text) : null,
        unknown_variables: unknownTemplateVariables(
          `${subject ?? ''} ${input.body}`,
          MESSAGE_EVENT_RULES[input.event].variables,
        ),
      };
    },
  };
};
