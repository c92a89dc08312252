import { screen } from '@testing-library/react';
import { Button } from 'antd';
import { makeStore } from '../app/store';
import { mockApi } from '../testing/mockApi';
import { renderWithProviders } from '../testing/renderWithProviders';
import { userApi } from './userApi';

test('a mutation goes through fetch with CSRF', async () => {
  document.cookie = 'csrftoken=abc123; path=/';
  const api = mockApi({ 'POST user/set_popup_seen/': { body: {} } });
  const store = makeStore();
  await store.dispatch(userApi.endpoints.markPopupSeen.initiate({ id_to_mark_as_seen: 'tax-reminder' })).unwrap();
  const [request] = api.sent('POST user/set_popup_seen/');
  expect(request?.body).toEqual({ id_to_mark_as_seen: 'tax-reminder' });
  expect(request?.headers.get('X-CSRFToken')).toBe('abc123');
});

test('antd renders inside the widget shell', async () => {
  const { user } = renderWithProviders(<Button onClick={() => undefined}>Continue</Button>);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
});
