import { Typography } from 'antd';
import { goGreenApi } from '../../api/goGreenApi';
import { useAppSelector } from '../../lib/hooks';
import { LoadingStatus } from '../../components/LoadingStatus';
import { T, useT } from '../../platform/i18n/useT';

const selectEmailOnFile = goGreenApi.endpoints.getGoGreenStatus.select();

/** The address on file (go-green's status), kept loaded by the profile saga while the page is open. */
export default function EmailOnFile() {
  const t = useT();
  const { data, isUninitialized, isLoading, isError } = useAppSelector(selectEmailOnFile);
  if (isUninitialized || isLoading) {
    return <LoadingStatus style={{ marginBottom: 16 }} />;
  }
  if (isError || !data) return <Typography.Paragraph>{t('profile.loadFailed')}</Typography.Paragraph>;
  if (!data.email_address) return <Typography.Paragraph>{t('profile.noEmail')}</Typography.Paragraph>;
  return (
    <Typography.Paragraph>
      <T
        id="profile.onFile"
        values={{ email: data.email_address, verified: data.email_validated ? 'yes' : 'no' }}
        components={{ 0: <strong /> }}
      />
    </Typography.Paragraph>
  );
}
