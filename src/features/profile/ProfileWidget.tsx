import { Alert, Typography } from 'antd';
import { useEffect } from 'react';
import { goGreenApi } from '../../api/goGreenApi';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { TextField } from '../../components/FormFields/BoundFields';
import { AccountCard, BoundForm, FormFailureAlert, SubmitButton } from '../../components/FormFields/FormLayout';
import { LoadingStatus } from '../../components/LoadingStatus';
import { useFormOpened, useFormSubmit } from '../../lib/forms/useFormField';
import { LIMITS } from '../../lib/validation/messages';
import { profileForm as form, profilePageClosed } from './profileSlice';

// loaded by the profile saga while the page is open (profileSaga.ts)
const selectEmailOnFile = goGreenApi.endpoints.getGoGreenStatus.select();

function EmailOnFile() {
  const { data, isUninitialized, isLoading, isError } = useAppSelector(selectEmailOnFile);
  if (isUninitialized || isLoading) {
    return <LoadingStatus style={{ marginBottom: 16 }} />;
  }
  if (isError || !data) return <Typography.Paragraph>Your email address could not be loaded.</Typography.Paragraph>;
  if (!data.email_address) return <Typography.Paragraph>We do not have an email address on file for you.</Typography.Paragraph>;
  return (
    <Typography.Paragraph>
      Your email address on file is <strong>{data.email_address}</strong> ({data.email_validated ? 'verified' : 'not verified'}).
    </Typography.Paragraph>
  );
}

/** /loanmanager/profile/: the address on file and a form to change it. */
export default function ProfileWidget() {
  useFormOpened(form);
  const dispatch = useAppDispatch();
  useEffect(() => () => void dispatch(profilePageClosed()), [dispatch]);
  const onSubmit = useFormSubmit(form);
  const succeededMessage = useAppSelector((state) => {
    const { status, serverMessage } = form.selectForm(state);
    return status === 'succeeded' ? serverMessage : null;
  });
  return (
    <AccountCard title="Profile">
      <EmailOnFile />
      <Typography.Title level={2} style={{ fontSize: 20 }}>
        Change email address
      </Typography.Title>
      {succeededMessage ? <Alert type="success" showIcon title={succeededMessage} style={{ marginBottom: 16 }} /> : null}
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
