import { Alert, Typography } from 'antd';
import { lazy, Suspense, useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { TextField } from '../../components/FormFields/BoundFields';
import { AccountCard, BoundForm, FormFailureAlert, SubmitButton } from '../../components/FormFields/FormLayout';
import { LoadingStatus } from '../../components/LoadingStatus';
import { MessageFocus } from '../../components/MessageFocus';
import { useFormOpened, useFormSubmit } from '../../lib/forms/useFormField';
import { LIMITS } from '../../lib/validation/messages';
import { profileForm as form, profilePageClosed, type WithProfile } from './profileSlice';

/** It reads the API cache, so it arrives with the flows (RTK Query), after the form's first view. */
const EmailOnFile = lazy(() => import(/* webpackChunkName: "flows-profile-email" */ './EmailOnFile'));

/** /loanmanager/profile/: the address on file and a form to change it. */
export default function ProfileWidget() {
  useFormOpened(form);
  const dispatch = useAppDispatch();
  useEffect(() => () => void dispatch(profilePageClosed()), [dispatch]);
  const onSubmit = useFormSubmit(form);
  const succeededMessage = useAppSelector((state: WithProfile) => {
    const { status, serverMessage } = form.selectForm(state);
    return status === 'succeeded' ? serverMessage : null;
  });
  return (
    <AccountCard title="Profile">
      <Suspense fallback={<LoadingStatus style={{ marginBottom: 16 }} />}>
        <EmailOnFile />
      </Suspense>
      <Typography.Title level={2} style={{ fontSize: 20 }}>
        Change email address
      </Typography.Title>
      {succeededMessage ? (
        <MessageFocus style={{ marginBottom: 16 }}>
          <Alert type="success" showIcon title={succeededMessage} />
        </MessageFocus>
      ) : null}
      <BoundForm label="Change email address" onSubmit={onSubmit}>
        <TextField
          form={form}
          field="email_address"
          label="New email address"
          type="email"
          autoComplete="email"
          maxLength={LIMITS.inputMaximum}
        />
        <FormFailureAlert form={form} />
        <SubmitButton form={form}>Change email address</SubmitButton>
      </BoundForm>
    </AccountCard>
  );
}
