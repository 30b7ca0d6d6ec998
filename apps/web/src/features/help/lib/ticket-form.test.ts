import { describe, expect, it } from 'vitest';
import { ZSupportTicketForm } from './ticket-form';

describe('support ticket form', () => {
  it('requires name, e-mail, subject and message', () => {
    const result = ZSupportTicketForm.safeParse({
      name: ' ',
      email: '',
      subject: '',
      message: '',
      priority: 'low',
      category: 'general',
    });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Name is required',
      'Email is required',
      'Invalid email address',
      'Subject is required',
      'Message is required',
    ]);
  });
});
