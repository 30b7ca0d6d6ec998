import { useRef } from 'react';

/**
 * The value a modal was last opened with: while it fades out after closing (the caller's value is
 * already gone) it keeps showing the same title and content instead of flashing another.
 */
export const useWhileOpen = <T>(value: T, opened: boolean): T => {
  const kept = useRef(value);
  if (opened) kept.current = value;
  return opened ? value : kept.current;
};
