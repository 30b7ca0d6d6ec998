import { type TMessageTemplateRequest, ZMessageTemplateRequest } from '@lending/domain';
import { hasErrorCode, isApiError } from '../../../api/client';

/** The provider's id of the words: DLT for SMS (TRAI), the approved template's name for WhatsApp; none for e-mail. */
export const PROVIDER_FIELD = {
  sms: {
    label: 'DLT template id',
    description: 'The id the DLT portal registered for these words: an SMS whose words differ is blocked',
  },
  whatsapp: {
    label: 'WhatsApp template name',
    description: 'The name of the approved WhatsApp template with these words',
  },
} as const;

type TTemplateField = keyof TMessageTemplateRequest;
export type TTemplateFieldErrors = Partial<Record<TTemplateField, string>>;

const isField = (name: unknown): name is TTemplateField =>
  name === 'subject' || name === 'body' || name === 'provider_template_id';

/** The editor's fields as typed: an e-mail has a subject and no provider id, the others the reverse. */
export type TTemplateForm = { email: boolean; subject: string; body: string; providerId: string };

/** The PUT body of the fields, blank optional ones as null; or the fields' errors by the domain's rules. */
export const templateRequestOf = ({
  email,
  subject,
  body,
  providerId,
}: TTemplateForm):
  | { ok: true; request: TMessageTemplateRequest }
  | { ok: false; errors: TTemplateFieldErrors } => {
  const parsed = ZMessageTemplateRequest.safeParse({
    subject: email && subject.trim() !== '' ? subject : null,
    body,
    provider_template_id: email || providerId.trim() === '' ? null : providerId,
  });
  if (parsed.success) return { ok: true, request: parsed.data };
  const errors: TTemplateFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (isField(field)) errors[field] ??= issue.message;
  }
  return { ok: false, errors };
};

/** The server's refusal as the fields' errors: its field errors, and an unknown variable on the text. */
export const refusalErrorsOf = (error: unknown): TTemplateFieldErrors => {
  if (!isApiError(error)) return {};
  const errors: TTemplateFieldErrors = {};
  for (const { param, msg } of error.errors) if (isField(param)) errors[param] ??= msg;
  if (hasErrorCode(error, 'MESSAGE_TEMPLATE_VARIABLE')) errors.body ??= error.message;
  return errors;
};
