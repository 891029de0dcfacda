import type { TouchRippleActions, TouchRippleProps } from '@mui/material/ButtonBase/TouchRipple';
import { type ComponentType, type Ref, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react';

type TouchRippleComponent = ComponentType<TouchRippleProps & { ref?: Ref<TouchRippleActions> }>;
type Action = keyof TouchRippleActions;

let loader: (() => Promise<{ default: unknown }>) | undefined;
let loading: Promise<TouchRippleComponent> | undefined;
let loaded: TouchRippleComponent | undefined;

/**
 * Where MUI's TouchRipple comes from in the browser build (a dynamic import, given by src/app/start.tsx so that the
 * import — and Vite's preload helper — stays in the app's code, not in the vendor chunk).
 */
export function provideTouchRipple(load: () => Promise<{ default: unknown }>): void {
  loader = load;
}

function loadTouchRipple(): Promise<TouchRippleComponent> {
  if (!loader) return Promise.reject(new Error('TouchRipple: no loader (provideTouchRipple)'));
  loading ??= loader().then((module) => {
    loaded = module.default as TouchRippleComponent;
    return loaded;
  });
  // A failed load (offline before the service worker has the chunk) is tried again at the next ripple.
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/**
 * What ButtonBase renders in place of MUI's TouchRipple in the browser build (scripts/lean-dependencies.ts): the same
 * ripple, loaded at its first use. ButtonBase mounts its ripple only then anyway (`useLazyRipple`: at the first press,
 * touch or keyboard focus), so no button needs it for the first load. Until the real one is there, the ripple's
 * actions (start, stop, pulsate — the keyboard focus ripple is a pulsate) wait and are replayed in order, so the
 * first press and the first keyboard focus still show theirs. The ripple is an absolutely positioned layer: nothing
 * moves when it arrives.
 */
export default function LazyTouchRipple({ ref, ...props }: TouchRippleProps & { ref?: Ref<TouchRippleActions> }) {
  const [Ripple, setRipple] = useState<TouchRippleComponent | undefined>(() => loaded);
  const real = useRef<TouchRippleActions | null>(null);
  const waiting = useRef<[Action, unknown[]][]>([]);

  const mounted = useRef(false);
  const request = useCallback(() => {
    loadTouchRipple().then(
      (component) => {
        if (mounted.current) setRipple(() => component);
      },
      () => {
        waiting.current = [];
      },
    );
  }, []);

  useImperativeHandle(ref, () => {
    const forward =
      (action: Action) =>
      (...args: unknown[]) => {
        const target = real.current as Record<Action, (...args: unknown[]) => void> | null;
        if (target) return target[action](...args);
        waiting.current.push([action, args]);
        // After a failed load: the next ripple tries again.
        if (!loading) request();
      };
    return { start: forward('start'), stop: forward('stop'), pulsate: forward('pulsate') };
  }, [request]);

  useEffect(() => {
    mounted.current = true;
    if (loaded) setRipple(() => loaded);
    else request();
    return () => {
      mounted.current = false;
    };
  }, [request]);

  const attach = useCallback((instance: TouchRippleActions | null) => {
    real.current = instance;
    if (!instance) return;
    const target = instance as unknown as Record<Action, (...args: unknown[]) => void>;
    for (const [action, args] of waiting.current.splice(0)) target[action](...args);
  }, []);

  return Ripple ? <Ripple {...props} ref={attach} /> : null;
}
