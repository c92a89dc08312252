import { Button } from 'antd';
import { useDeferredValue, useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { AccountCard } from '../../components/FormFields/FormLayout';
import { LoadingStatus } from '../../components/LoadingStatus';
import { GoGreenConfirmation } from './GoGreenConfirmation';
import { goGreenActions, selectGoGreen, selectGoGreenInfo, type WithGoGreen, type WithGoGreenStatus } from './goGreenSlice';
import { OptInWizard } from './OptInWizard';
import { OptOutView } from './OptOutView';

const TITLE = 'Go Green';

/** /loanmanager/go-green/: the opt-in wizard, the opt-out view, or the confirmation once done. */
export default function GoGreenWidget() {
  const dispatch = useAppDispatch();
  const loadStatus = useAppSelector((state: WithGoGreen) => selectGoGreen(state).loadStatus);
  const electdocs = useAppSelector((state: WithGoGreenStatus) => selectGoGreenInfo(state)?.electdocs === true);
  const done = useAppSelector((state: WithGoGreen) => selectGoGreen(state).done);

  useEffect(() => {
    dispatch(goGreenActions.widgetMounted());
    return () => {
      dispatch(goGreenActions.widgetUnmounted());
    };
  }, [dispatch]);

  // The view the status calls for, rendered in the background (in slices, not one long task that
  // would hold a phone's main thread while the page loads); the spinner stays until it is ready.
  const view = useDeferredValue(done ? 'done' : loadStatus === 'loaded' ? (electdocs ? 'optOut' : 'optIn') : loadStatus);

  if (view === 'done') return <GoGreenConfirmation title={TITLE} />;
  if (view === 'optOut') return <OptOutView />;
  if (view === 'optIn') return <OptInWizard title={TITLE} />;
  return (
    <AccountCard title={TITLE}>
      {view === 'failed' ? (
        <Button onClick={() => dispatch(goGreenActions.widgetMounted())}>Try again</Button>
      ) : (
        <LoadingStatus />
      )}
    </AccountCard>
  );
}
