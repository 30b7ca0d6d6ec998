import { describe, expect, it } from 'vitest';
import {
  formStatusFor,
  historyActionFor,
  updateMessages,
  updateTransition,
  upgradeDurationMs,
} from './update-status';

describe('updateTransition', () => {
  it('walks required → permitted → in_progress → up_to_date', () => {
    expect(updateTransition('unknown', 'required', 'superadmin')).toEqual({ ok: true });
    expect(updateTransition('required', 'permitted', 'superadmin')).toEqual({ ok: true });
    expect(updateTransition('permitted', 'in_progress', 'admin')).toEqual({ ok: true });
    expect(updateTransition('in_progress', 'up_to_date', 'admin')).toEqual({ ok: true });
    expect(updateTransition('permitted', 'up_to_date', 'superadmin')).toEqual({ ok: true });
  });

  it('refuses starting or finishing without permission with the client message', () => {
    for (const from of ['unknown', 'required', 'up_to_date', 'in_progress'] as const)
      expect(updateTransition(from, 'in_progress', 'superadmin')).toMatchObject({
        ok: false,
        refusal: 'UPDATE_NOT_PERMITTED',
        message: updateMessages.notPermitted,
      });
    expect(updateTransition('required', 'up_to_date', 'superadmin')).toMatchObject({
      refusal: 'UPDATE_NOT_PERMITTED',
    });
  });

  it('refuses permitting anything but a required update', () => {
    for (const from of ['unknown', 'permitted', 'in_progress', 'up_to_date'] as const)
      expect(updateTransition(from, 'permitted', 'superadmin')).toMatchObject({
        refusal: 'UPDATE_TRANSITION_REFUSED',
      });
  });

  it('keeps requiring and permitting to the superadmin', () => {
    expect(updateTransition('required', 'permitted', 'admin')).toMatchObject({ refusal: 'forbidden' });
    expect(updateTransition('up_to_date', 'required', 'admin')).toMatchObject({ refusal: 'forbidden' });
    expect(updateTransition('permitted', 'up_to_date', 'admin')).toMatchObject({ refusal: 'forbidden' });
  });
});

describe('the form and the history', () => {
  it('pre-selects a loaded step before done, required otherwise', () => {
    expect(formStatusFor('in_progress')).toBe('in_progress');
    expect(formStatusFor('permitted')).toBe('permitted');
    expect(formStatusFor('up_to_date')).toBe('required');
    expect(formStatusFor('unknown')).toBe('required');
  });

  it('offers Permit on required rows and Mark Up to Date on permitted ones', () => {
    expect(historyActionFor('required')).toEqual({ label: 'Permit', to: 'permitted' });
    expect(historyActionFor('permitted')).toEqual({ label: 'Mark Up to Date', to: 'up_to_date' });
    expect(historyActionFor('up_to_date')).toBeNull();
  });
});

describe('upgradeDurationMs', () => {
  it('runs the bar 5 s, or 10 s once the upgrade is permitted', () => {
    expect(upgradeDurationMs('required')).toBe(5_000);
    expect(upgradeDurationMs('unknown')).toBe(5_000);
    expect(upgradeDurationMs('permitted')).toBe(10_000);
  });
});
