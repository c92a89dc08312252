import { Typography } from 'antd';
import { goGreenApi } from '../../api/goGreenApi';
import { useAppSelector } from '../../lib/hooks';
import { LoadingStatus } from '../../components/LoadingStatus';

const selectEmailOnFile = goGreenApi.endpoints.getGoGreenStatus.select();

/** The address on file (go-green's status), kept loaded by the profile saga while the page is open. */
export default function EmailOnFile() {
  const { data, isUninitialized, isLoading, isError } = useAppSelector(selectEmailOnFile);
  if (isUninitialized || isLoading) {
    return <LoadingStatus style={{ marginBottom: 16 }} />;
  }
  if (isError || !data) return <Typography.Paragraph>Your email address could not be loaded.</Typography.Paragraph>;
  if (!data.email_address) return <Typography.Paragraph>We do not have an email address on file for you.</Typography.Paragraph>;
  return (
    <Typography.Paragraph>
      Your email address on file is <strong>{data.email_address}</strong> ({data.email_validated ? 'verified' : 'not verified'}).
    </Typography.Paragraph>
  );
}
