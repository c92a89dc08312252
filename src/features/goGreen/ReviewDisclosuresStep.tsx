import { Alert, Button, Flex, theme } from 'antd';
import { useEffect, useMemo } from 'react';
import { useAppDispatch, useAppSelector } from '../../state/hooks';
import { LoadingStatus } from '../../components/LoadingStatus';
import { useT } from '../../platform/i18n/useT';
import { selectGoGreenInfo, type WithGoGreenStatus } from '../../api/goGreenStatusCache';
import { goGreenActions, selectGoGreen, type WithGoGreen } from './goGreenSlice';
import { loadClientDescription, preload } from './onDemandModules';
import type { DisclosuresSanitizer } from './useDisclosuresSanitizer';

const DISCLOSURES_MAX_HEIGHT_PX = 300;

const BOX_STYLE = {
  maxHeight: DISCLOSURES_MAX_HEIGHT_PX,
  overflow: 'auto',
  padding: 12,
  marginBottom: 16,
  borderWidth: 1,
  borderStyle: 'solid',
  borderRadius: 6,
} as const;

function NotReady({ sanitizer }: { sanitizer: DisclosuresSanitizer }) {
  const t = useT();
  if (sanitizer.status === 'failed') {
    return (
      <Alert
        type="error"
        showIcon
        // not a spec text: the spec's texts cover the server's failures, this is our own code failing to download
        title={t('goGreen.disclosuresFailed')}
        action={
          <Button size="small" onClick={sanitizer.retry}>
            {t('goGreen.tryAgain')}
          </Button>
        }
      />
    );
  }
  return <LoadingStatus />;
}

export function ReviewDisclosuresStep({ sanitizer }: { sanitizer: DisclosuresSanitizer }) {
  const t = useT();
  const dispatch = useAppDispatch();
  const { token } = theme.useToken();
  const disclosures = useAppSelector((state: WithGoGreenStatus) => selectGoGreenInfo(state)?.disclosures ?? '');
  const sending = useAppSelector((state: WithGoGreen) => selectGoGreen(state).optIn === 'pending');
  // only sanitized HTML is ever rendered: until the sanitizer is there, the box shows its state instead
  const html = useMemo(
    () => (sanitizer.status === 'ready' ? sanitizer.sanitize(disclosures) : null),
    [sanitizer, disclosures],
  );

  // the opt-in needs it: download it while the borrower reads, so Complete does not wait for it
  useEffect(() => preload(loadClientDescription), []);

  const box = {
    role: 'region',
    'aria-label': t('goGreen.disclosures'),
    className: 'loanmanager-disclosures',
    // focusable, so keyboard users can scroll it
    tabIndex: 0,
    // the text colour is set, not inherited: a failed opt-in marks the step in red, never the legal text
    style: { ...BOX_STYLE, borderColor: token.colorBorder, color: token.colorText },
  } as const;
  return (
    <>
      {html === null ? (
        <div {...box} aria-busy={sanitizer.status === 'loading'}>
          <NotReady sanitizer={sanitizer} />
        </div>
      ) : (
        <div {...box} dangerouslySetInnerHTML={{ __html: html }} />
      )}
      <Flex gap={8} wrap>
        <Button disabled={sending} onClick={() => dispatch(goGreenActions.backPressed())}>
          {t('goGreen.back')}
        </Button>
        {/* the borrower cannot accept disclosures they have not seen */}
        <Button
          type="primary"
          disabled={html === null}
          loading={sending}
          onClick={() => dispatch(goGreenActions.optInRequested())}
          data-reauth-return
        >
          {t('goGreen.complete')}
        </Button>
      </Flex>
    </>
  );
}
