/** Step 2: the email form (input), the waiting message with Cancel, or the verified message. */
import { Alert, Button, Flex, Input } from 'antd';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { FormField } from '../../components/FormField/FormField';
import { BoundForm } from '../../components/FormFields/FormLayout';
import { LIMITS } from '../../lib/validation/messages';
import { GO_GREEN_MESSAGES } from './goGreenMessages';
import { goGreenActions, selectCanSendVerification, selectEmailErrors, selectGoGreen, type WithGoGreen } from './goGreenSlice';

export const EMAIL_FIELD_ID = 'goGreen-email';

function EmailAddressField() {
  const dispatch = useAppDispatch();
  const value = useAppSelector((state: WithGoGreen) => selectGoGreen(state).emailForm.value);
  const check = useAppSelector((state: WithGoGreen) => selectGoGreen(state).emailForm.check);
  const touched = useAppSelector((state: WithGoGreen) => {
    const { emailForm } = selectGoGreen(state);
    return emailForm.touched || emailForm.submitted;
  });
  const error = useAppSelector((state: WithGoGreen) => selectEmailErrors(state).email ?? null);
  // the server's answer is shown as soon as it arrives; the rules' errors after the field is left
  const showStatus = touched || check === 'valid' || check === 'invalid';
  return (
    <FormField
      id={EMAIL_FIELD_ID}
      label="Email Address"
      error={error}
      submitted={showStatus}
      required
      hint={check === 'pending' ? 'Checking the email address...' : undefined}
    >
      <Input
        type="email"
        autoComplete="email"
        maxLength={LIMITS.inputMaximum}
        value={value}
        onChange={(event) => dispatch(goGreenActions.emailChanged(event.target.value))}
        onBlur={() => dispatch(goGreenActions.emailBlurred())}
      />
    </FormField>
  );
}

function BackButton({ disabled = false }: { disabled?: boolean }) {
  const dispatch = useAppDispatch();
  return (
    <Button disabled={disabled} onClick={() => dispatch(goGreenActions.backPressed())}>
      Back
    </Button>
  );
}

export function EmailStep() {
  const dispatch = useAppDispatch();
  const status = useAppSelector((state: WithGoGreen) => selectGoGreen(state).verificationStatus);
  const sending = useAppSelector((state: WithGoGreen) => selectGoGreen(state).sendingVerification);
  const canSend = useAppSelector(selectCanSendVerification);

  if (status === 'waiting') {
    return (
      <>
        <Alert type="info" showIcon role="status" title={GO_GREEN_MESSAGES.waiting} style={{ marginBottom: 16 }} />
        <Button onClick={() => dispatch(goGreenActions.verificationCancelled())}>Cancel</Button>
      </>
    );
  }
  if (status === 'changed') {
    return (
      <>
        <Alert type="success" showIcon role="status" title={GO_GREEN_MESSAGES.verified} style={{ marginBottom: 16 }} />
        <Flex gap={8} wrap>
          <BackButton />
          <Button type="primary" onClick={() => dispatch(goGreenActions.nextPressed())}>
            Next
          </Button>
        </Flex>
      </>
    );
  }
  return (
    <BoundForm
      label="Verification email"
      onSubmit={(event) => {
        event.preventDefault();
        dispatch(goGreenActions.emailSubmitted());
      }}
    >
      <EmailAddressField />
      <Flex gap={8} wrap>
        <BackButton disabled={sending} />
        <Button type="primary" htmlType="submit" loading={sending} disabled={!canSend && !sending}>
          Send Verification Email
        </Button>
      </Flex>
    </BoundForm>
  );
}
