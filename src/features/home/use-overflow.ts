import { type RefObject, useLayoutEffect, useState } from 'react';

/**
 * Whether an element's content is taller than `limitPx`, or, without a limit, than the box it is clamped
 * to. Measured again when the element resizes (window width, language, content).
 */
export function useOverflow(ref: RefObject<HTMLElement | null>, limitPx?: number): boolean {
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () =>
      setOverflows(
        limitPx === undefined
          ? element.scrollHeight > element.clientHeight + 1
          : element.scrollHeight > limitPx,
      );
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, limitPx]);
  return overflows;
}
