import { screen } from '@testing-library/react';
import { Form, Input } from 'antd';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { LabelledField, type LabelledFieldProps } from './LabelledField';

function renderField(props: Partial<LabelledFieldProps> = {}) {
  return renderWithProviders(
    <Form>
      <LabelledField id="username" label="Username" error={null} submitted={false} required {...props}>
        <Input />
      </LabelledField>
    </Form>,
  );
}

describe('LabelledField', () => {
  it('labels its input', () => {
    renderField();
    expect(screen.getByRole('textbox', { name: 'Username' })).toHaveAttribute('id', 'username');
  });

  it('status none before submit: an error is not shown yet', () => {
    renderField({ error: 'This field is required', submitted: false });
    const input = screen.getByRole('textbox', { name: 'Username' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('This field is required')).not.toBeInTheDocument();
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
  });

  it('status error after submit: an alert tied to the input by aria-describedby, aria-invalid', () => {
    renderField({ error: 'This field is required', submitted: true });
    const input = screen.getByRole('textbox', { name: 'Username' });
    expect(screen.getByRole('alert')).toHaveTextContent('This field is required');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('This field is required');
    expect(input).toBeRequired();
  });

  it('an error that already says the hint replaces it: the format is said once', () => {
    renderField({ error: 'Enter a real date as MM/DD/YYYY', submitted: true, hint: 'MM/DD/YYYY' });
    const input = screen.getByRole('textbox', { name: 'Username' });
    expect(screen.getAllByText(/MM\/DD\/YYYY/)).toHaveLength(1);
    expect(input).toHaveAccessibleDescription('Enter a real date as MM/DD/YYYY');
  });

  it('another error keeps the hint under it, with a gap before the next field', () => {
    renderField({ error: 'This field is required', submitted: true, hint: 'MM/DD/YYYY' });
    const input = screen.getByRole('textbox', { name: 'Username' });
    expect(input).toHaveAccessibleDescription('This field is required MM/DD/YYYY');
    expect(screen.getByText('MM/DD/YYYY')).toHaveStyle({ paddingBottom: '8px' });
  });

  it('status success after submit: no alert, not invalid, a success mark', () => {
    renderField({ error: null, submitted: true });
    const input = screen.getByRole('textbox', { name: 'Username' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(input).not.toHaveAttribute('aria-invalid');
    // seen, not read: the mark repeats the field's state, and antd names it in English
    expect(screen.getByLabelText('check-circle')).toHaveAttribute('aria-hidden', 'true');
  });

  it('no success mark before submit', () => {
    renderField({ error: null, submitted: false });
    expect(screen.queryByLabelText('check-circle')).not.toBeInTheDocument();
  });

  it('a hint stays under the field and describes it before submit', () => {
    const hint = 'Password must include a capital letter, a number, a special character, and be at least 8 characters long.';
    renderField({ hint, error: 'Password requirements not met.', submitted: false });
    expect(screen.getByRole('textbox', { name: 'Username' })).toHaveAccessibleDescription(hint);
    expect(screen.getByText(hint)).toBeVisible();
  });

  it('error and hint together are both in the description, error first', () => {
    const hint = 'At least 8 characters.';
    renderField({ hint, error: 'Password requirements not met.', submitted: true });
    expect(screen.getByRole('textbox', { name: 'Username' })).toHaveAccessibleDescription(
      `Password requirements not met. ${hint}`,
    );
  });
});
