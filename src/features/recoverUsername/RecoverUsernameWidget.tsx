import { Alert, Typography } from 'antd';
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { AccountCard, BoundForm, FormFailureAlert, FormFootnote, SubmitButton } from '../../components/FormFields/FormLayout';
import { LoanIdentityFields } from '../../components/FormFields/LoanIdentityFields';
import { MessageFocus } from '../../components/MessageFocus';
import { PortalLink } from '../../components/PortalLink';
import { useFormOpened, useFormSubmit } from '../../lib/forms/useFormField';
import { PORTAL_URLS } from '../../lib/portalUrls';
import { recoverUsernameActions, recoverUsernameForm as form, type WithRecoverUsername } from './recoverUsernameSlice';

export default function RecoverUsernameWidget() {
  const dispatch = useAppDispatch();
  useFormOpened(form);
  const onSubmit = useFormSubmit(form);
  const success = useAppSelector((state: WithRecoverUsername) => {
    const { status, serverMessage } = form.selectForm(state);
    return status === 'succeeded' ? serverMessage : null;
  });
  useEffect(() => {
    dispatch(recoverUsernameActions.opened());
  }, [dispatch]);

  return (
    <AccountCard title="Recover Username">
      {success ? (
        <>
          <MessageFocus>
            <Alert type="success" showIcon title={success} />
          </MessageFocus>
          <FormFootnote>
            <PortalLink href={PORTAL_URLS.login}>Go to the sign-in page</PortalLink>
          </FormFootnote>
        </>
      ) : (
        <>
          <Typography.Paragraph>
            Enter your loan number, social security number and date of birth, and we will email your username to you.
          </Typography.Paragraph>
          <BoundForm label="Recover Username" onSubmit={onSubmit}>
            <LoanIdentityFields form={form} />
            <FormFailureAlert form={form} />
            <SubmitButton form={form}>Recover Username</SubmitButton>
          </BoundForm>
        </>
      )}
    </AccountCard>
  );
}
