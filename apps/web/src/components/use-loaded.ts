import { useEffect, useState } from 'react';
import type { ClientApi } from '../client/api.js';

/**
 * What `load(api, id)` resolves to (or its error), or null while it loads. A reply
 * for an id the page has since left is dropped. `load` must keep its identity
 * between renders (a module-level function).
 */
export function useLoaded<T>(
  api: ClientApi,
  id: string,
  load: (api: ClientApi, id: string) => Promise<T>,
): { value: T | null; error?: string } | null {
  const [state, setState] = useState<{ id: string; value: T | null; error?: string } | null>(null);
  useEffect(() => {
    let live = true;
    load(api, id).then(
      (value) => live && setState({ id, value }),
      (e: unknown) => live && setState({ id, value: null, error: String(e) }),
    );
    return () => {
      live = false;
    };
  }, [api, id, load]);
  return state?.id === id ? state : null;
}
