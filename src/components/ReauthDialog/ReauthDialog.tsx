/**
 * The password asked again before a change of the address on file (issue 38; the flow is
 * src/lib/reauth). The portal's own dialog, downloaded only when a change needs it. The password
 * lives in this component's state alone: Confirm hands it to the feature's saga in the one
 * redacted action, and it is cleared as soon as it has been sent.
 */
import { Alert, Button, ConfigProvider, Flex, Form, Input, type InputRef } from 'antd';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { LabelledField } from '../LabelledField/LabelledField';
import { useCapsLockNotice, usePasswordToggleLocale } from '../FormFields/BoundFields';
import { Dialog, focusWhenShown, type DialogProps } from '../Dialog/Dialog';
import type { DismissTrigger } from '../../lib/dialogMachine';
import { Paragraph } from '../Typography/Typography';
import { MESSAGES } from '../../lib/validation/messages';
import { REAUTH_MESSAGES, type ReauthState } from '../../state/reauthState';
import type { MessageId } from '../../platform/i18n/messageId';
import { useT } from '../../platform/i18n/useT';

/** Buttons a borrower can reach with a finger: at least 44 px tall (WCAG 2.5.5). */
const buttonStyle = { minHeight: 44 } as const;

export interface ReauthDialogProps extends Pick<DialogProps, 'returnFocusTo' | 'onClosed'> {
  state: ReauthState;
  onConfirm(password: string): void;
  onCancel(trigger: DismissTrigger | 'action'): void;
  /** Step-up with a passkey instead (issue 49): present only where the page offers passkeys. */
  onPasskey?: () => void;
  /** Why the password is asked (what it unlocks): a change of the address unless said. */
  why?: MessageId;
}

export default function ReauthDialog({ state, onConfirm, onCancel, onPasskey, onClosed, returnFocusTo, why = 'common.reauth.why' }: ReauthDialogProps) {
  const t = useT();
  const whyId = useId();
  const formId = useId();
  const fieldId = useId();
  const input = useRef<InputRef>(null);
  const [password, setPassword] = useState('');
  /** Confirm with nothing typed: said on the field, nothing is sent. */
  const [empty, setEmpty] = useState(false);
  const { refusal, checking } = state;
  const { capsLockNotice, onKeyDown, onKeyUp, onLeave } = useCapsLockNotice();
  const toggleLocale = usePasswordToggleLocale();
  // a wrong password is the field's error; a pause or a failure to check is the dialog's
  const fieldError: string | null = empty ? MESSAGES.required : refusal === REAUTH_MESSAGES.incorrect ? refusal : null;
  // a passkey's refusal is the dialog's too
  const dialogError = refusal !== null && refusal !== REAUTH_MESSAGES.incorrect ? refusal : null;

  // after a refusal the field is empty again and has the focus: the borrower types the password anew
  useEffect(() => {
    if (refusal !== null) input.current?.focus();
  }, [refusal]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (checking) return;
    if (password === '') {
      setEmpty(true);
      input.current?.focus();
      return;
    }
    onConfirm(password);
    setPassword('');
  };

  return (
    <Dialog
      phase={state.dialog}
      title={t('common.reauth.title')}
      describedBy={whyId}
      maxWidth={440}
      onCloseRequested={onCancel}
      onClosed={onClosed}
      returnFocusTo={returnFocusTo}
      footer={
        <Flex gap={8} wrap justify="flex-end">
          <Button style={buttonStyle} disabled={checking} onClick={() => onCancel('action')}>
            {t('common.reauth.cancel')}
          </Button>
          <Button style={buttonStyle} type="primary" htmlType="submit" form={formId} loading={checking}>
            {t('common.reauth.confirm')}
          </Button>
        </Flex>
      }
    >
      <Paragraph id={whyId}>{t(why)}</Paragraph>
      <form id={formId} onSubmit={submit} noValidate>
        <ConfigProvider locale={toggleLocale}>
          <Form layout="vertical" component={false}>
            <LabelledField
              id={fieldId}
              label={t('common.reauth.password')}
              error={fieldError}
              submitted={fieldError !== null}
              rejected
              required
              notice={capsLockNotice}
            >
              <Input.Password
                ref={(control) => {
                  input.current = control;
                  focusWhenShown(control?.input ?? null);
                }}
                autoComplete="current-password"
                value={password}
                readOnly={checking}
                onKeyDown={onKeyDown}
                onKeyUp={onKeyUp}
                onBlur={onLeave}
                onChange={(event) => {
                  setPassword(event.target.value);
                  setEmpty(false);
                }}
              />
            </LabelledField>
          </Form>
        </ConfigProvider>
      </form>
      {dialogError ? <Alert type="error" showIcon role="alert" title={t(dialogError as MessageId)} /> : null}
      {onPasskey ? (
        <Button style={{ ...buttonStyle, marginTop: 12 }} block disabled={checking} onClick={onPasskey}>
          {t('common.reauth.usePasskey')}
        </Button>
      ) : null}
    </Dialog>
  );
}
