import { render, screen } from '@testing-library/react';
import { Paragraph, Text, Title } from './Typography';

describe('Typography (antd’s look without its code)', () => {
  test('headings carry their level, paragraphs and text their emphasis', () => {
    render(
      <>
        <Title level={1} id="t">
          Verify Email
        </Title>
        <Title level={3}>By mail</Title>
        <Paragraph strong>Thank you!</Paragraph>
        <Text type="secondary">Send again in 30 seconds</Text>
      </>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Verify Email' })).toHaveAttribute('id', 't');
    expect(screen.getByRole('heading', { level: 3, name: 'By mail' })).toBeInTheDocument();
    expect(screen.getByText('Thank you!').tagName).toBe('STRONG');
    expect(screen.getByText('Send again in 30 seconds')).toHaveClass('loanmanager-text-secondary');
  });
});
