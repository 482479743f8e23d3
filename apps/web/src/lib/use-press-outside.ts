import { type RefObject, useEffect, useRef } from 'react';

// Popovers (a menu, the More tab, the pair picker) close on a press anywhere outside them.

/**
 * While `isOpen`, a pointer pressed down outside every element of `inside` calls `onPress` (the
 * latest one given).
 */
export function usePressOutside(
  isOpen: boolean,
  inside: readonly RefObject<Element | null>[],
  onPress: () => void,
): void {
  const latest = useRef({ inside, onPress });
  useEffect(() => {
    latest.current = { inside, onPress };
  });
  useEffect(() => {
    if (!isOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!latest.current.inside.some((ref) => ref.current?.contains(target))) latest.current.onPress();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [isOpen]);
}
