import { describe, expect, it } from 'vitest';
import { userFormMessages as m, userFormSchema, ZProfileUpdate } from './user-form';

const valid = {
  name: 'Meena',
  email: 'Meena@Example.com',
  password: 'secret1',
  role_id: '3',
  mobile: '9876543210',
};

const messagesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('userFormSchema', () => {
  it('parses form text into typed values', () => {
    const parsed = userFormSchema({ mode: 'create', actorIsAgent: false }).parse({
      ...valid,
      is_active: 'false',
      address: '  ',
      reference_customer_id: '',
    });
    expect(parsed).toMatchObject({ email: 'meena@example.com', role_id: 3, is_active: false, address: null });
    expect(parsed.reference_customer_id).toBeNull();
  });

  it('needs a password for new users only; blank on edit keeps it', () => {
    const create = userFormSchema({ mode: 'create', actorIsAgent: false }).safeParse({
      ...valid,
      password: '',
    });
    expect(messagesOf(create)).toEqual([`password: ${m.passwordRequiredForNew}`]);
    const edit = userFormSchema({ mode: 'edit', actorIsAgent: false }).parse({ ...valid, password: '' });
    expect(edit.password).toBeUndefined();
  });

  it('drops the role rule and needs a reference customer for agents', () => {
    const result = userFormSchema({ mode: 'create', actorIsAgent: true }).safeParse({
      ...valid,
      role_id: '',
      password: '',
    });
    expect(messagesOf(result)).toEqual([`reference_customer_id: ${m.referenceRequired}`]);
  });

  it.each([
    [{ name: ' ' }, `name: ${m.nameRequired}`],
    [{ name: 'A' }, `name: ${m.nameMin}`],
    [{ mobile: '' }, `mobile: ${m.mobileRequired}`],
    [{ mobile: '5123456789' }, `mobile: ${m.mobileInvalid}`],
    [{ role_id: undefined }, `role_id: ${m.roleRequired}`],
  ])('refuses %j with one message', (override, message) => {
    const result = userFormSchema({ mode: 'edit', actorIsAgent: false }).safeParse({ ...valid, ...override });
    expect(messagesOf(result)).toEqual([message]);
  });
});

describe('ZProfileUpdate', () => {
  it('reads coordinates from text and documents as keep / remove', () => {
    const parsed = ZProfileUpdate.parse({
      latitude: '18.52',
      longitude: '-73.8',
      pan_card: '',
      voter_card: 'x',
    });
    expect(parsed).toMatchObject({ latitude: 18.52, longitude: -73.8, pan_card: null, voter_card: 'x' });
    expect(parsed.profile_pic).toBeUndefined();
  });
});
