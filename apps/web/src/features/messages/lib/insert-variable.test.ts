import { describe, expect, it } from 'vitest';
import { insertVariable, variableMarker } from './insert-variable';

describe('inserting a variable', () => {
  it('writes {{name}} at the caret and puts the caret after it', () => {
    expect(insertVariable({ text: 'Dear , paid', start: 5, end: 5 }, 'name')).toEqual({
      text: 'Dear {{name}}, paid',
      caret: 13,
    });
  });

  it('replaces the selection', () => {
    expect(insertVariable({ text: 'Pay Rs.500 now', start: 7, end: 10 }, 'amount')).toEqual({
      text: 'Pay Rs.{{amount}} now',
      caret: 17,
    });
  });

  it('appends where the caret is out of the text', () => {
    expect(insertVariable({ text: 'Hi ', start: 99, end: 99 }, 'name').text).toBe('Hi {{name}}');
    expect(insertVariable({ text: '', start: -1, end: -1 }, 'loan').text).toBe(variableMarker('loan'));
  });
});
