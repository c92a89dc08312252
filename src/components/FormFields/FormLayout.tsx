/**
 * The parts of every signed-out form (in its `AccountCard`): an antd vertical layout inside a
 * real <form> (Enter submits; `noValidate` because the slice's rules decide), and the
 * submit button that shows the wait indicator while the flow runs.
 */
import { Alert, Button, Form } from 'antd';
import { type FormEvent, type ReactNode } from 'react';
import { useAppSelector } from '../../lib/hooks';
import { useFormMessage, type FormBinding } from '../../lib/forms/useFormField';
import { MessageFocus } from '../MessageFocus';

export { FormFootnote } from './FormFootnote';

/**
 * A function action makes React write an inert `action` (a `javascript:` address, refused by the
 * pages' CSP): a server-rendered form submitted before its script has hydrated it (Enter in a
 * field) goes nowhere, instead of sending what was typed in the address as a GET. Once hydrated,
 * `onSubmit` handles every submit and prevents the default, so React never calls this.
 */
function neverSubmittedByTheBrowser() {}

export function BoundForm({
  label,
  onSubmit,
  children,
}: {
  /** The accessible name of the form. */
  label: string;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <form aria-label={label} onSubmit={onSubmit} action={neverSubmittedByTheBrowser} noValidate>
      <Form layout="vertical" component={false}>
        {children}
      </Form>
    </form>
  );
}

/** Disabled with a spinner while submitting (no double submit); optionally while the form is invalid. */
export function SubmitButton<V extends object>({
  form,
  children,
  disabledWhileInvalid = false,
}: {
  form: FormBinding<V>;
  children: ReactNode;
  disabledWhileInvalid?: boolean;
}) {
  const submitting = useAppSelector((state) => form.selectForm(state).status === 'submitting');
  const invalid = useAppSelector((state) => disabledWhileInvalid && form.selectFirstInvalidField(state) !== null);
  return (
    <Button type="primary" htmlType="submit" block loading={submitting} disabled={submitting || invalid}>
      {children}
    </Button>
  );
}

/** The message of a failed submit (the flow's own, or the server's text), announced as an alert. */
export function FormFailureAlert<V extends object>({ form }: { form: FormBinding<V> }) {
  const message = useFormMessage(form, 'failed');
  return message ? (
    <MessageFocus style={{ marginBottom: 16 }}>
      <Alert type="error" showIcon title={message} />
    </MessageFocus>
  ) : null;
}
