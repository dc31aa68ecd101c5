import { useEffect, useEffectEvent } from 'react';
import { rememberClassId, rememberedClassId } from './class-filter';

/**
 * The class of `?subjectClass=` is remembered on this device; a visit without one opens the class chosen
 * last (on /attendance or /achievement) through `open`.
 */
export function useRememberedClass(subjectClass: string | undefined, open: (classId: string) => void): void {
  const openRemembered = useEffectEvent(open);
  useEffect(() => {
    if (subjectClass) {
      rememberClassId(localStorage, subjectClass);
      return;
    }
    const remembered = rememberedClassId(localStorage);
    if (remembered) openRemembered(remembered);
  }, [subjectClass]);
}
