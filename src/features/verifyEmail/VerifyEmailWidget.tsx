import { Alert, Flex, Spin } from 'antd';
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { AccountCard } from '../../components/FormFields/FormLayout';
import { VERIFY_EMAIL_MESSAGES, selectVerifyEmailStatus, verifyEmailActions } from './verifyEmailSlice';

export default function VerifyEmailWidget() {
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectVerifyEmailStatus);
  useEffect(() => {
    // The emailed link carries the nonce in its query string (spec section 7).
    dispatch(verifyEmailActions.opened({ nonce: new URLSearchParams(window.location.search).get('nonce') }));
  }, [dispatch]);

  return (
    <AccountCard title="Verify Email">
      {status === 'verified' ? (
        <Alert type="success" showIcon title={VERIFY_EMAIL_MESSAGES.verified} />
      ) : status === 'error' ? (
        <Alert type="error" showIcon title={VERIFY_EMAIL_MESSAGES.failed} />
      ) : (
        <Flex role="status" gap={12} align="center">
          <Spin />
          <span>{VERIFY_EMAIL_MESSAGES.verifying}</span>
        </Flex>
      )}
    </AccountCard>
  );
}
