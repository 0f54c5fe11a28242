import { useEffect, useRef } from 'react';

/** Keys typed into a field are text, not commands. */
function typing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el) return false;
  return el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName);
}

/**
 * Single-key shortcuts for the page while it is shown (`1`–`4`, `j`, `k`, `u`, …).
 * Ignored while a modifier is held or a field has focus, so typing a note or
 * the browser's own shortcuts are never taken for a verdict. Escape leaves a field.
 */
export function useKeys(handlers: Readonly<Record<string, () => void>>, enabled = true): void {
  const ref = useRef(handlers);
  ref.current = handlers;
  useEffect(() => {
    if (!enabled) return;
    const on = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && typing(e.target)) {
        (e.target as HTMLElement).blur();
        return;
      }
      if (e.ctrlKey || e.metaKey || e.altKey || typing(e.target)) return;
      const run = ref.current[e.key];
      if (!run) return;
      e.preventDefault();
      run();
    };
    window.addEventListener('keydown', on);
    return () => window.removeEventListener('keydown', on);
  }, [enabled]);
}
