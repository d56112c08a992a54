import { useEffect, useRef } from 'react';
import { useAppInfoStore } from './app-info-store';

/**
 * Runs `load` as the page opens (or `active` turns on), and again whenever another gateway comes
 * into use (a profile chosen in Settings). Not again when the window's first app info arrives
 * after the page opened: that answer names the gateway already in use, and Create asked for its
 * models twice in every window that drew it before the info came, flicking its picker back to
 * "loading" in between. `load` must keep its identity (a store's action).
 */
export function usePerGateway(load: () => unknown, active = true): void {
  const gateway = useAppInfoStore((s) => s.info?.gatewayUrl);
  // The gateway the last load was for: undefined when the window did not know it yet; null before any load.
  const loadedFor = useRef<{ gateway: string | undefined } | null>(null);
  useEffect(() => {
    if (!active) {
      loadedFor.current = null;
      return;
    }
    const before = loadedFor.current;
    loadedFor.current = { gateway };
    if (before !== null && (before.gateway === undefined || before.gateway === gateway)) return;
    load();
  }, [gateway, active, load]);
}
