/** A text field's words and where its caret (or selection) is. */
export type TCaretText = { text: string; start: number; end: number };

/** `{{name}}`, as templates write a variable. */
export const variableMarker = (name: string): string => `{{${name}}}`;

/**
 * The text with `{{name}}` in place of the selection (or at the caret), and the caret after it. A
 * caret beyond the text (a field never focused) puts the variable at the end.
 */
export const insertVariable = (
  { text, start, end }: TCaretText,
  name: string,
): { text: string; caret: number } => {
  const from = Math.min(Math.max(start, 0), text.length);
  const to = Math.min(Math.max(end, from), text.length);
  const marker = variableMarker(name);
  return { text: `${text.slice(0, from)}${marker}${text.slice(to)}`, caret: from + marker.length };
};
