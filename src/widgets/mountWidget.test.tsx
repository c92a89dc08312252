/**
 * A page's widgets and its flows: the flows start once every widget being mounted has shown its first
 * view, so one that shows first (the inactivity warning's empty view) does not start them under
 * another's (the popups' dialog).
 */
import { act, screen, waitFor } from '@testing-library/react';
import { use } from 'react';
import { defaultConfig } from '../platform/config';
import { widgetBox } from '../testing/widgetBox';
import { getPageStore, mountWidget } from './mountWidget';

// the flows' modules, loaded once: a test of when they start does not time their first transform
beforeAll(() => import('../app/flows'));

it("the flows wait for every widget being mounted: a widget that shows first does not start them under another's first view", async () => {
  const config = defaultConfig();
  let showOffer: () => void = () => undefined;
  const offerArrives = new Promise<void>((resolve) => (showOffer = resolve));
  function SlowOffer() {
    use(offerArrives);
    return <p>Go paperless</p>;
  }
  await act(async () => {
    await mountWidget(widgetBox('slow-offer'), 'slow-offer', SlowOffer, config);
    await mountWidget(widgetBox('quick'), 'quick', () => <p>Quick view</p>, config);
  });
  const store = await getPageStore(config);
  expect(await screen.findByText('Quick view')).toBeInTheDocument();
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(store.getState()).not.toHaveProperty('api');

  await act(async () => showOffer());

  expect(await screen.findByText('Go paperless')).toBeInTheDocument();
  await waitFor(() => expect(store.getState()).toHaveProperty('api'));
});
