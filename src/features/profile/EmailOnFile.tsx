import { selectGoGreenInfo, selectGoGreenStatusFailed } from '../../api/goGreenStatusCache';
import { useAppSelector } from '../../state/hooks';
import { LoadingStatus } from '../../components/LoadingStatus';
import { Paragraph } from '../../components/Typography/Typography';
import { T, useT } from '../../platform/i18n/useT';

/**
 * The address on file (go-green's status), kept loaded by the profile saga while the page is open:
 * the page's own answer when it came with one (drawn by the server), else the API cache's.
 */
export function EmailOnFile() {
  const t = useT();
  const info = useAppSelector(selectGoGreenInfo);
  const failed = useAppSelector(selectGoGreenStatusFailed);
  if (failed) return <Paragraph>{t('profile.loadFailed')}</Paragraph>;
  if (!info) return <LoadingStatus style={{ marginBottom: 16 }} />;
  if (!info.email_address) return <Paragraph>{t('profile.noEmail')}</Paragraph>;
  return (
    <Paragraph>
      <T
        id="profile.onFile"
        values={{ email: info.email_address, verified: info.email_validated ? 'yes' : 'no' }}
        components={{ 0: <strong /> }}
      />
    </Paragraph>
  );
}
