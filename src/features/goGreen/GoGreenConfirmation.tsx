import { Flex } from 'antd';
import { useEffect, useRef } from 'react';
import { useAppSelector } from '../../state/hooks';
import { PORTAL_URLS } from '../../lib/portalUrls';
import { AccountCard } from '../../components/AccountCard';
import { PortalLink } from '../../components/PortalLink';
import { revealCardOf } from '../../components/MessageFocus';
import { Paragraph } from '../../components/Typography/Typography';
import { useT } from '../../platform/i18n/useT';
import { selectOptInEmail } from './goGreenSlice';
// webpack emits it with the build (images/leaf.<hash>.svg) and resolves it under static_url, the loader's public path.
import leafUrl from './leaf.svg';

/** The thank-you view: the spec's sentence, then what happens next and a way on (not a dead end). */
export function GoGreenConfirmation({ title }: { title: string }) {
  const t = useT();
  const email = useAppSelector(selectOptInEmail);
  // the Complete button that had focus is gone: focus moves to the news, which a screen reader reads out
  const thanksRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const thanks = thanksRef.current;
    if (!thanks) return;
    // the heading and the leaf in view, not only the sentence (the page kept the wizard's scroll position)
    thanks.focus({ preventScroll: true });
    revealCardOf(thanks);
  }, []);
  return (
    <AccountCard title={title}>
      <Flex vertical align="center" gap={16}>
        {/* decorative: the sentence beside it says it all */}
        <img src={leafUrl} alt="" width={96} height={96} />
        <div ref={thanksRef} tabIndex={-1} role="status">
          <Paragraph strong style={{ fontSize: 18, textAlign: 'center', textWrap: 'balance' }}>
            {t('goGreen.thankYou')}
          </Paragraph>
          {email ? <Paragraph style={{ textAlign: 'center' }}>{t('goGreen.whatNext', { email })}</Paragraph> : null}
          <Paragraph style={{ textAlign: 'center' }}>{t('goGreen.returnToPaper')}</Paragraph>
        </div>
        <PortalLink standalone href={PORTAL_URLS.home}>{t('goGreen.backToLoans')}</PortalLink>
      </Flex>
    </AccountCard>
  );
}
