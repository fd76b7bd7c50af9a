// A field's error shows when it loses focus. When that happens because the visitor presses
// something else in the form (the next field, a checkbox, a button), the error waits for the
// release: appearing earlier, it would push the pressed thing away before the click lands.
import { useEffect, useRef } from 'react';

export function usePressAwareBlur(markBlurred: (names: string[]) => void) {
  const pressing = useRef(false);
  const waiting = useRef(new Set<string>());
  const mark = useRef(markBlurred);
  mark.current = markBlurred;

  useEffect(() => {
    const release = () => {
      if (!pressing.current) return;
      pressing.current = false;
      // After the click that follows this release.
      window.setTimeout(() => {
        const names = [...waiting.current];
        waiting.current.clear();
        if (names.length > 0) mark.current(names);
      }, 0);
    };
    window.addEventListener('pointerup', release, true);
    window.addEventListener('pointercancel', release, true);
    return () => {
      window.removeEventListener('pointerup', release, true);
      window.removeEventListener('pointercancel', release, true);
    };
  }, []);

  return {
    /** On the form: a press inside it has started. */
    onPointerDown: () => {
      pressing.current = true;
    },
    /** On each field. */
    onBlur: (name: string) => {
      if (pressing.current) waiting.current.add(name);
      else mark.current([name]);
    },
  };
}
