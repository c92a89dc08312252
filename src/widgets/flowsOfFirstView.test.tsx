/**
 * A widget whose first view is its flows' answer (its catalog row's `flowsOfFirstView`: verify
 * email) starts the page's flows as it mounts, beside its first render, instead of after it: its
 * request is what the first view waits for. Its own file: the page store is one per module.
 */
import { act, waitFor } from '@testing-library/react';
import { use } from 'react';
import { FLOWS_HOLD_MAX_MS } from '../app/flowsLifecycle';
import { defaultConfig } from '../platform/config';
import { WIDGET_CATALOG } from '../platform/widgetCatalog';
import { widgetBox } from '../testing/widgetBox';
import { getPageStore, mountWidget } from './mountWidget';

beforeAll(() => import('../app/flows'));

it('verify email: the flows start as the widget mounts, before its first view is committed', async () => {
  expect(WIDGET_CATALOG['verify-email'].page?.flowsOfFirstView?.length).toBeGreaterThan(0);
  const config = defaultConfig();
  const neverShown = new Promise<never>(() => undefined);
  function StillRendering(): never {
    use(neverShown);
    throw new Error('unreachable');
  }
  await act(async () => {
    await mountWidget(widgetBox('verify-email'), 'verify-email', StillRendering, config);
  });
  const store = await getPageStore(config);
  // well before FLOWS_HOLD_MAX_MS, after which a widget that never shows stops holding them anyway
  await waitFor(() => expect(store.getState()).toHaveProperty('api'), { timeout: FLOWS_HOLD_MAX_MS / 4 });
});
