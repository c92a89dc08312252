import { Flex, Typography } from 'antd';
import { usePortalConfig } from '../../lib/hooks';
import { AccountCard } from '../../components/FormFields/FormLayout';
import { GO_GREEN_MESSAGES } from './goGreenMessages';

export function GoGreenConfirmation({ title }: { title: string }) {
  const { staticUrl } = usePortalConfig();
  return (
    <AccountCard title={title}>
      <Flex vertical align="center" gap={16}>
        {/* decorative: the sentence beside it says it all */}
        <img src={`${staticUrl}images/leaf.svg`} alt="" width={96} height={96} />
        <Typography.Paragraph role="status" style={{ fontSize: 18, textAlign: 'center', marginBottom: 0 }}>
          {GO_GREEN_MESSAGES.thankYou}
        </Typography.Paragraph>
      </Flex>
    </AccountCard>
  );
}
