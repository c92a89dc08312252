import { render, screen } from '@testing-library/react';
import { AccountCard } from './AccountCard';

test('an account page is a region named by its heading', () => {
  render(
    <AccountCard title="Verify Email">
      <p>Verifying...</p>
    </AccountCard>,
  );
  const region = screen.getByRole('region', { name: 'Verify Email' });
  expect(region).toContainElement(screen.getByRole('heading', { level: 1, name: 'Verify Email' }));
  expect(region).toHaveTextContent('Verifying...');
});
