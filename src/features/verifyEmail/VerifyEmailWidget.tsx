import { Alert, Button } from 'antd';
import { useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../state/hooks';
import { useNavigation } from '../../components/NavigationContext';
import { AccountCard } from '../../components/AccountCard';
import { FormFootnote } from '../../components/FormFields/FormFootnote';
import { LoadingStatus } from '../../components/LoadingStatus';
import { MessageFocus } from '../../components/MessageFocus';
import { PortalLink } from '../../components/PortalLink';
import { Paragraph } from '../../components/Typography/Typography';
import { PORTAL_URLS } from '../../lib/portalUrls';
import { useT } from '../../platform/i18n/useT';
import { selectVerifyEmailStatus, verifyEmailActions } from './verifyEmailSlice';

const NONCE_PARAMETER = 'nonce';

/** Once read, the nonce leaves the address bar: it stays out of history, bookmarks and screenshots. */
function removeNonceFromAddress() {
  const url = new URL(window.location.href);
  if (!url.searchParams.has(NONCE_PARAMETER)) return;
  url.searchParams.delete(NONCE_PARAMETER);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

export default function VerifyEmailWidget() {
  const t = useT();
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectVerifyEmailStatus);
  // The emailed link carries the nonce in its query string (spec section 7); read on the first render only.
  const navigation = useNavigation();
  const [nonce] = useState(() => new URL(navigation.currentUrl(), 'http://portal.invalid').searchParams.get(NONCE_PARAMETER));
  useEffect(() => {
    dispatch(verifyEmailActions.opened({ nonce }));
    removeNonceFromAddress();
  }, [dispatch, nonce]);

  return (
    <AccountCard title={t('verifyEmail.title')}>
      {status === 'succeeded' ? (
        <Alert type="success" showIcon title={t('verifyEmail.verified')} />
      ) : status === 'failed' ? (
        // the Try again pressed is gone while the check runs: focus comes back to this message
        <MessageFocus>
          <Alert
            type="error"
            showIcon
            title={t('verifyEmail.unchecked')}
            action={<Button onClick={() => dispatch(verifyEmailActions.verificationRetried({ nonce }))}>{t('verifyEmail.tryAgain')}</Button>}
          />
        </MessageFocus>
      ) : status === 'refused' ? (
        <>
          <Alert type="error" showIcon title={t('verifyEmail.failed')} />
          {/* a used or expired link: signed in, the borrower can have a new one sent (go-green, profile) */}
          <FormFootnote>
            <PortalLink href={PORTAL_URLS.login}>{t('verifyEmail.toSignIn')}</PortalLink>
          </FormFootnote>
        </>
      ) : (
        <>
          <LoadingStatus label={t('verifyEmail.verifying')} />
          {/* What is going on, and what to do meanwhile. Larger than any answer, the line is also the page's largest
              paint, so its LCP is the server-rendered first view's, not the answer's (which comes after the flows) */}
          <Paragraph style={{ marginTop: 16, marginBottom: 0 }}>{t('verifyEmail.verifyingDetail')}</Paragraph>
        </>
      )}
    </AccountCard>
  );
}
