import { ZLoginForm } from '@lending/domain';
import { describe, expect, it, vi } from 'vitest';
import { deferredResolver, deferSchema } from './deferred-schema';

describe('a deferred form schema', () => {
  it('refuses nothing before it arrives, then checks with the schema', async () => {
    const deferred = deferSchema(async () => ZLoginForm);
    const validate = deferredResolver(deferred);
    expect(validate({ email: 'not-an-email', password: '' })).toEqual({});
    await deferred.load();
    expect(validate({ email: 'not-an-email', password: '' })).toEqual({
      email: 'Invalid email address',
      password: 'Password is required',
    });
    expect(validate({ email: 'a@example.com', password: 'secret1' })).toEqual({});
  });

  it('fetches the schema once however often it is asked for', async () => {
    const importSchema = vi.fn(async () => ZLoginForm);
    const deferred = deferSchema(importSchema);
    const [first, second] = await Promise.all([deferred.load(), deferred.load()]);
    await deferred.load();
    expect(first).toBe(ZLoginForm);
    expect(second).toBe(ZLoginForm);
    expect(importSchema).toHaveBeenCalledTimes(1);
    expect(deferred.current()).toBe(ZLoginForm);
  });
});
