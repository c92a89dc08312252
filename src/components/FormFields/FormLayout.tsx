/**
 * The parts of every signed-out form (in its `AccountCard`): an antd vertical layout inside a
 * real <form> (Enter submits; `noValidate` because the slice's rules decide), and the
 * submit button that shows the wait indicator while the flow runs.
 */
import { Alert, Button, Form } from 'antd';
import { type FormEvent, type ReactNode } from 'react';
import { useAppSelector } from '../../state/hooks';
import { fieldId, useFormMessage, usePlacedServerErrors, type FormBinding } from '../../state/forms/useFormField';
import { MessageFocus } from '../MessageFocus';
import type { MessageValues } from '../../platform/i18n/messageId';

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

/**
 * An in-page link to a field: the address works without script; with it, the field takes focus
 * (which scrolls it into view) without changing the address.
 */
function FieldLink({ formName, field, children }: { formName: string; field: string; children: ReactNode }) {
  const id = fieldId(formName, field);
  return (
    <a
      href={`#${id}`}
      style={{ textDecoration: 'underline' }}
      onClick={(event) => {
        const input = document.getElementById(id);
        if (!input) return;
        event.preventDefault();
        input.focus();
      }}
    >
      {children}
    </a>
  );
}

/**
 * The message of a failed submit (the flow's own, or the server's text), announced as an alert.
 * A server text that concerns a field (placeServerErrors) links to it, and the other texts that
 * concern a field follow as links, so the borrower goes from the alert to each field it is about.
 * `description` adds what to do next for a message id of the flow (e.g. recovery's next steps).
 */
export function FormFailureAlert<V extends object>({
  form,
  description,
}: {
  form: FormBinding<V>;
  description?: (message: string, values: MessageValues | undefined) => ReactNode;
}) {
  const message = useFormMessage(form, 'failed');
  const serverMessage = useAppSelector((state) => form.selectForm(state).serverMessage);
  const messageValues = useAppSelector((state) => form.selectForm(state).messageValues);
  const placed = usePlacedServerErrors(form);
  if (!message) return null;
  const [first, ...others] = placed;
  const title = first?.field && first.text === message ? <FieldLink formName={form.name} field={first.field}>{message}</FieldLink> : message;
  const fieldLinks = others.filter((error) => error.field !== null);
  const next = serverMessage ? description?.(serverMessage, messageValues) : null;
  return (
    <MessageFocus style={{ marginBottom: 16 }} fromButton>
      <Alert
        type="error"
        showIcon
        title={title}
        description={
          fieldLinks.length > 0 || next ? (
            <>
              {fieldLinks.length > 0 ? (
                <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                  {fieldLinks.map((error) => (
                    <li key={error.text}>
                      <FieldLink formName={form.name} field={error.field ?? ''}>
                        {error.text}
                      </FieldLink>
                    </li>
                  ))}
                </ul>
              ) : null}
              {next}
            </>
          ) : undefined
        }
      />
    </MessageFocus>
  );
}
