import {
  defaultMessageText,
  MESSAGE_PREVIEW_VALUES,
  renderTemplate,
  smsLength,
  type TMessageTemplatePreviewRequest,
  type TMessageTemplateView,
  unknownTemplateVariables,
} from '@lending/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { columnHeaders, expectTexts } from '../../../test/assertions';
import { stubPhone } from '../../../test/browser-stand-ins';
import { callsTo } from '../../../test/calls';
import { makeUser } from '../../../test/fixtures';
import { makeTemplate } from '../../../test/message-fixtures';
import type { TMockCall, TMockReply } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const SMS_EN = makeTemplate({ customised: true, provider_template_id: '1107160000000000001' });
const SMS_HI = makeTemplate({
  language: 'hi',
  body: defaultMessageText('emi_due_tomorrow', 'sms', 'hi').body,
});
const WHATSAPP_EN = makeTemplate({
  channel: 'whatsapp',
  body: defaultMessageText('emi_due_tomorrow', 'whatsapp', 'en').body,
});
const EMAIL_EN = makeTemplate({ channel: 'email', ...defaultMessageText('emi_due_tomorrow', 'email', 'en') });
const RECEIPT_SMS = makeTemplate({
  event: 'payment_received',
  body: defaultMessageText('payment_received', 'sms', 'en').body,
  variables: ['name', 'amount', 'emi_number', 'loan', 'paid_on', 'receipt_link', 'lender'],
});
const TEMPLATES = [EMAIL_EN, SMS_HI, RECEIPT_SMS, WHATSAPP_EN, SMS_EN];

/** The preview as the server makes it: the domain's own rendering, SMS length and unknown variables. */
const preview = (call: TMockCall): TMockReply => {
  const request = JSON.parse(String(call.init.body)) as TMessageTemplatePreviewRequest;
  const text = renderTemplate(request.body, MESSAGE_PREVIEW_VALUES);
  return {
    body: {
      subject: request.subject == null ? null : renderTemplate(request.subject, MESSAGE_PREVIEW_VALUES),
      text,
      sms: request.channel === 'sms' ? smsLength(text) : null,
      unknown_variables: unknownTemplateVariables(request.body, SMS_EN.variables),
    },
  };
};

type THandler = (call: TMockCall) => TMockReply | Promise<TMockReply>;
const renderTemplates = (overrides: Record<string, THandler | TMockReply> = {}) =>
  renderApp('/admin/message-templates', {
    user: makeUser('admin'),
    api: {
      'GET /message-templates': { body: { templates: TEMPLATES } },
      'POST /message-templates/preview': preview,
      ...overrides,
    },
  });

const openEditor = async (app: ReturnType<typeof renderTemplates>, name: string) => {
  await app.events.click(await screen.findByRole('button', { name: `Edit ${name}` }));
  return within(await screen.findByRole('dialog', { name: 'Edit template' }));
};

const bodiesOf = (calls: TMockCall[], method: string, path: string) =>
  callsTo(calls, path)
    .filter((call) => call.method === method)
    .map((call) => JSON.parse(String(call.init.body)));

const saved = (template: TMessageTemplateView, message = 'Template saved') => ({
  body: { message, template },
});

describe('Message templates', { timeout: 30_000 }, () => {
  it('lists each event with its channel × language rows and marks the customised ones', async () => {
    renderTemplates();
    const due = await screen.findByTestId('template-group-emi_due_tomorrow');
    expect(within(due).getByRole('heading', { name: 'EMI due tomorrow (reminder)' })).toBeInTheDocument();
    const table = within(due).getByRole('table', { name: 'EMI due tomorrow (reminder) templates' });
    expect(columnHeaders(table)).toEqual([
      'Channel',
      'Language',
      'Text',
      'Provider template',
      'Words',
      'Actions',
    ]);
    // Channel by channel, English before Hindi.
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.dataset.testid),
    ).toEqual([
      'template-emi_due_tomorrow-sms-en',
      'template-emi_due_tomorrow-sms-hi',
      'template-emi_due_tomorrow-whatsapp-en',
      'template-emi_due_tomorrow-email-en',
    ]);
    expectTexts(screen.getByTestId('template-emi_due_tomorrow-sms-en'), [
      'SMS',
      'English',
      '1107160000000000001',
      'Customised',
    ]);
    expectTexts(screen.getByTestId('template-emi_due_tomorrow-sms-hi'), [
      'हिन्दी (Hindi)',
      'Not set',
      'Default',
    ]);
    expect(screen.getByTestId('template-emi_due_tomorrow-email-en')).toHaveTextContent('Not needed');
    expect(screen.getByTestId('template-group-payment_received')).toHaveTextContent(
      'Payment received (receipt)',
    );
  });

  it('shows the Hindi SMS with its parts and encoding, inserts a variable at the caret and saves the body', async () => {
    const app = renderTemplates({
      'PUT /message-templates/emi_due_tomorrow/sms/hi': saved({ ...SMS_HI, customised: true }),
    });
    const dialog = await openEditor(app, 'EMI due tomorrow (reminder), SMS, हिन्दी (Hindi)');
    expect(dialog.queryByRole('textbox', { name: 'Subject' })).toBeNull();
    expect(dialog.getByRole('textbox', { name: 'DLT template id' })).toHaveValue('');
    const sms = smsLength(renderTemplate(SMS_HI.body, MESSAGE_PREVIEW_VALUES));
    expect(sms.segments).toBe(2);
    expect(await dialog.findByTestId('template-sms-parts')).toHaveTextContent(
      `2 SMS parts, UCS-2 (Hindi) · ${sms.units} characters`,
    );
    expect(dialog.getByTestId('template-preview')).toHaveTextContent('ऋण LNXX0042 की Rs.500.00 की किस्त');

    const text = dialog.getByRole('textbox', { name: /^Text/ });
    await app.events.clear(text);
    await app.events.type(text, 'नमस्ते , भुगतान करें');
    (text as HTMLTextAreaElement).setSelectionRange(7, 7);
    await app.events.click(dialog.getByRole('button', { name: 'Insert {{name}}' }));
    expect(text).toHaveValue('नमस्ते {{name}}, भुगतान करें');
    expect(text).toHaveFocus();
    await app.events.type(dialog.getByRole('textbox', { name: 'DLT template id' }), '1107160000000000002');
    await waitFor(() =>
      expect(dialog.getByTestId('template-sms-parts')).toHaveTextContent('1 SMS part, UCS-2 (Hindi)'),
    );

    await app.events.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Template saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit template' })).toBeNull());
    expect(bodiesOf(app.calls, 'PUT', '/message-templates/emi_due_tomorrow/sms/hi')).toEqual([
      { subject: null, body: 'नमस्ते {{name}}, भुगतान करें', provider_template_id: '1107160000000000002' },
    ]);
    expect(callsTo(app.calls, '/message-templates').length).toBeGreaterThan(1);
  });

  it('names an unknown variable as an error on the text and shows the refusal of the save', async () => {
    const app = renderTemplates({
      'PUT /message-templates/emi_due_tomorrow/sms/en': {
        status: 400,
        body: {
          code: 'MESSAGE_TEMPLATE_VARIABLE',
          message: 'The template uses a variable this event does not offer.',
        },
      },
    });
    const dialog = await openEditor(app, 'EMI due tomorrow (reminder), SMS, English');
    expect(await dialog.findByTestId('template-sms-parts')).toHaveTextContent('1 SMS part, GSM-7');
    const text = dialog.getByRole('textbox', { name: /^Text/ });
    fireEvent.change(text, { target: { value: 'Dear {{name}}, pay {{fine}} now' } });
    expect(await dialog.findByTestId('template-unknown-variables')).toHaveTextContent(
      'Unknown variable: {{fine}}. This event offers {{name}}, {{amount}}',
    );
    expect(text).toHaveAccessibleDescription('Unknown variable: {{fine}}');

    await app.events.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByTestId('template-refusal')).toHaveTextContent(
      'The template uses a variable this event does not offer.',
    );
    expect(text).toHaveAccessibleDescription('The template uses a variable this event does not offer.');
    expect(screen.getByRole('dialog', { name: 'Edit template' })).toBeInTheDocument();
  });

  it('asks for the text before saving, without a call', async () => {
    const app = renderTemplates();
    const dialog = await openEditor(app, 'EMI due tomorrow (reminder), SMS, English');
    await app.events.clear(dialog.getByRole('textbox', { name: /^Text/ }));
    await app.events.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Message text is required')).toBeInTheDocument();
    expect(app.calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it('labels the WhatsApp template name, and gives an e-mail its subject and no provider id', async () => {
    const app = renderTemplates({
      'PUT /message-templates/emi_due_tomorrow/email/en': saved(EMAIL_EN),
    });
    let dialog = await openEditor(app, 'EMI due tomorrow (reminder), WhatsApp, English');
    expect(dialog.getByRole('textbox', { name: 'WhatsApp template name' })).toBeInTheDocument();
    expect(dialog.queryByTestId('template-sms-parts')).toBeNull();
    await app.events.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit template' })).toBeNull());

    dialog = await openEditor(app, 'EMI due tomorrow (reminder), E-mail, English');
    const subject = dialog.getByRole('textbox', { name: 'Subject' });
    expect(subject).toHaveValue('EMI of {{amount}} due tomorrow');
    expect(dialog.queryByRole('textbox', { name: /template (id|name)/ })).toBeNull();
    await app.events.click(subject);
    await app.events.click(dialog.getByRole('button', { name: 'Insert {{loan}}' }));
    expect(subject).toHaveValue('EMI of {{amount}} due tomorrow{{loan}}');
    await waitFor(() =>
      expect(dialog.getByTestId('template-preview')).toHaveTextContent('EMI of 500.00 due tomorrowLNXX0042'),
    );
    await app.events.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Template saved')).toBeInTheDocument();
    expect(bodiesOf(app.calls, 'PUT', '/message-templates/emi_due_tomorrow/email/en')).toEqual([
      { subject: 'EMI of {{amount}} due tomorrow{{loan}}', body: EMAIL_EN.body, provider_template_id: null },
    ]);
  });

  it("resets a customised template to the product's words after asking", async () => {
    const app = renderTemplates({
      'DELETE /message-templates/emi_due_tomorrow/sms/en': saved(
        { ...SMS_EN, customised: false },
        "Template reset to the product's words",
      ),
    });
    const plain = await openEditor(app, 'EMI due tomorrow (reminder), WhatsApp, English');
    expect(plain.queryByRole('button', { name: 'Reset to default' })).toBeNull();
    await app.events.click(plain.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit template' })).toBeNull());

    const dialog = await openEditor(app, 'EMI due tomorrow (reminder), SMS, English');
    await app.events.click(dialog.getByRole('button', { name: 'Reset to default' }));
    expect(
      dialog.getByText("Replace these words with the product's own? Your words are lost."),
    ).toBeInTheDocument();
    expect(app.calls.filter((call) => call.method === 'DELETE')).toEqual([]);
    await app.events.click(dialog.getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText("Template reset to the product's words")).toBeInTheDocument();
    expect(app.calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/message-templates/emi_due_tomorrow/sms/en',
    ]);
  });

  it('opens the editor full screen on a 390 px phone', async () => {
    stubPhone();
    const app = renderTemplates();
    await openEditor(app, 'EMI due tomorrow (reminder), SMS, English');
    expect(
      screen.getByRole('dialog', { name: 'Edit template' }).closest('[data-full-screen]'),
    ).not.toBeNull();
  });

  it('is refused to an agent', async () => {
    const app = renderApp('/admin/message-templates', { user: makeUser('agent') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Unauthorized Access' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/unauthorized');
  });
});
