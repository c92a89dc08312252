import { Alert, Button } from 'antd';
import { useCallback, useDeferredValue, useEffect, useRef } from 'react';
import { ReauthPrompt } from '../../components/ReauthDialog/ReauthPrompt';
import { useAppDispatch, useAppSelector } from '../../state/hooks';
import { AccountCard } from '../../components/AccountCard';
import { LoadingStatus } from '../../components/LoadingStatus';
import { useT } from '../../platform/i18n/useT';
import { GoGreenConfirmation } from './GoGreenConfirmation';
import { selectGoGreenInfo, selectGoGreenLoad, type WithGoGreenStatus } from '../../api/goGreenStatusCache';
import { goGreenActions, selectGoGreen, type WithGoGreen } from './goGreenSlice';
import { OptInWizard } from './OptInWizard';
import { OptOutView } from './OptOutView';
import { EMAIL_FIELD_ID } from './EmailStep';

/** After the reload that follows an opt-out: it worked, and paper resumes. Focused, so it is read first. */
function OptedOutNotice() {
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} style={{ maxWidth: 480, margin: '0 auto 16px' }}>
      <Alert
        type="success"
        showIcon
        role="status"
        title={t('goGreen.optedOut')}
        description={t('goGreen.optOutPrinted')}
      />
    </div>
  );
}

/**
 * The password dialog (issue 38), while a change needs it. Focus after it: on Cancel, the button
 * that started the change (Send Verification Email, Complete), else the email field; on Confirm,
 * what the retried change brought (the waiting or verified message) when it is there already.
 */
function PasswordAgain() {
  const reauth = useAppSelector((state: WithGoGreen) => selectGoGreen(state).reauth ?? null);
  const outcome = reauth?.outcome ?? null;
  const returnFocusTo = useCallback((): HTMLElement | null => {
    if (outcome === 'confirmed') return document.querySelector<HTMLElement>('[data-go-green-answer]');
    return document.querySelector<HTMLElement>('[data-reauth-return]') ?? document.getElementById(EMAIL_FIELD_ID);
  }, [outcome]);
  return <ReauthPrompt state={reauth} actions={goGreenActions} returnFocusTo={returnFocusTo} />;
}

/** /loanmanager/go-green/: the opt-in wizard, the opt-out view, or the confirmation once done. */
export default function GoGreenWidget() {
  const t = useT();
  const dispatch = useAppDispatch();
  // RTK Query's entry alone: the page's own answer shows at once, wherever it is drawn
  const loadStatus = useAppSelector(selectGoGreenLoad);
  const electdocs = useAppSelector((state: WithGoGreenStatus) => selectGoGreenInfo(state)?.electdocs === true);
  const done = useAppSelector((state: WithGoGreen) => selectGoGreen(state).done);
  const optedOut = useAppSelector((state: WithGoGreen) => selectGoGreen(state).optOutConfirmed);

  useEffect(() => {
    dispatch(goGreenActions.widgetMounted());
    return () => {
      dispatch(goGreenActions.widgetUnmounted());
    };
  }, [dispatch]);

  // The view the status calls for, rendered in the background (in slices, not one long task that
  // would hold a phone's main thread while the page loads); the spinner stays until it is ready.
  const view = useDeferredValue(done ? 'done' : loadStatus === 'loaded' ? (electdocs ? 'optOut' : 'optIn') : loadStatus);

  const title = t('goGreen.title');
  if (view === 'done') {
    return (
      <>
        <GoGreenConfirmation title={title} />
        <PasswordAgain />
      </>
    );
  }
  if (view === 'optOut') return <OptOutView />;
  if (view === 'optIn') {
    return (
      <>
        {optedOut ? <OptedOutNotice /> : null}
        <OptInWizard title={title} />
        <PasswordAgain />
      </>
    );
  }
  return (
    <AccountCard title={title}>
      {view === 'failed' ? (
        <Button onClick={() => dispatch(goGreenActions.widgetMounted())}>{t('goGreen.tryAgain')}</Button>
      ) : (
        <LoadingStatus />
      )}
    </AccountCard>
  );
}
