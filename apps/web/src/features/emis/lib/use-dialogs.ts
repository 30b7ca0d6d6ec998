import { useCallback, useState } from 'react';

/**
 * Which of a component's dialogs is open. A dialog is mounted the first time it opens and stays
 * mounted: inside a Modal.Stack a modal must close through `opened` (unmounting an open one would
 * leave it on the stack, and Escape would no longer reach the modal below).
 */
export const useDialogs = <K extends string>() => {
  const [open, setOpen] = useState<K | null>(null);
  const [mounted, setMounted] = useState<readonly K[]>([]);
  const show = useCallback((kind: K) => {
    setMounted((current) => (current.includes(kind) ? current : [...current, kind]));
    setOpen(kind);
  }, []);
  const close = useCallback(() => setOpen(null), []);
  return { open, show, close, isMounted: (kind: K) => mounted.includes(kind) };
};
