import { Alert, Button } from 'antd';
import { useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { AccountCard } from '../../components/FormFields/FormLayout';
import { LoadingStatus } from '../../components/LoadingStatus';
import { VERIFY_EMAIL_MESSAGES, selectVerifyEmailStatus, verifyEmailActions } from './verifyEmailSlice';

const NONCE_PARAMETER = 'nonce';

/** Once read, the nonce leaves the address bar: it stays out of history, bookmarks and screenshots. */
function removeNonceFromAddress() {
  const url = new URL(window.location.href);
  if (!url.searchParams.has(NONCE_PARAMETER)) return;
  url.searchParams.delete(NONCE_PARAMETER);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

export default function VerifyEmailWidget() {
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectVerifyEmailStatus);
  // The emailed link carries the nonce in its query string (spec section 7); read on the first render only.
  const [nonce] = useState(() => new URLSearchParams(window.location.search).get(NONCE_PARAMETER));
  useEffect(() => {
    dispatch(verifyEmailActions.opened({ nonce }));
    removeNonceFromAddress();
  }, [dispatch, nonce]);

  return (
    <AccountCard title="Verify Email">
      {status === 'verified' ? (
        <Alert type="success" showIcon title={VERIFY_EMAIL_MESSAGES.verified} />
      ) : status === 'unchecked' ? (
        <Alert
          type="error"
          showIcon
          title={VERIFY_EMAIL_MESSAGES.unchecked}
          action={<Button onClick={() => dispatch(verifyEmailActions.verificationRetried({ nonce }))}>Try again</Button>}
        />
      ) : status === 'error' ? (
        <Alert type="error" showIcon title={VERIFY_EMAIL_MESSAGES.failed} />
      ) : (
        <LoadingStatus label={VERIFY_EMAIL_MESSAGES.verifying} />
      )}
    </AccountCard>
  );
}
