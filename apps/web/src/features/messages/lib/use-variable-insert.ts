import { useLayoutEffect, useRef, useState } from 'react';
import { insertVariable } from './insert-variable';

type TCaretField = HTMLInputElement | HTMLTextAreaElement;
type TTarget = 'subject' | 'body';
type TFieldText = { value: string; set: (value: string) => void };

/**
 * Where a variable chip writes: the field last focused (the text unless it was the subject), at its
 * caret or over its selection; the caret then sits after the variable, in that field again.
 */
export const useVariableInsert = ({ subject, body }: { subject: TFieldText | null; body: TFieldText }) => {
  const subjectRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const [target, setTarget] = useState<TTarget>('body');
  const focused = useRef<Record<TTarget, boolean>>({ subject: false, body: false });
  const caretAfter = useRef<{ field: TCaretField; caret: number } | null>(null);

  // The caret is placed once the new text is in the field, after the render that wrote it.
  useLayoutEffect(() => {
    const pending = caretAfter.current;
    if (pending === null) return;
    caretAfter.current = null;
    pending.field.focus();
    pending.field.setSelectionRange(pending.caret, pending.caret);
  });

  const insert = (name: string) => {
    const into: TTarget = subject !== null && target === 'subject' ? 'subject' : 'body';
    const text = into === 'subject' && subject !== null ? subject : body;
    const field = into === 'subject' ? subjectRef.current : bodyRef.current;
    // A field never focused has no caret of the user's: the variable goes at the end.
    const seen = field !== null && focused.current[into];
    const start = seen ? (field.selectionStart ?? text.value.length) : text.value.length;
    const end = seen ? (field.selectionEnd ?? start) : start;
    const next = insertVariable({ text: text.value, start, end }, name);
    text.set(next.text);
    if (field !== null) caretAfter.current = { field, caret: next.caret };
  };

  const onFocus = (field: TTarget) => () => {
    focused.current[field] = true;
    setTarget(field);
  };

  return { subjectRef, bodyRef, insert, onFocus };
};
