import { Flex, Typography } from 'antd';
import { AccountCard } from '../../components/FormFields/FormLayout';
import { GO_GREEN_MESSAGES } from './goGreenMessages';
// webpack emits it with the build (images/leaf.<hash>.svg) and resolves it under static_url, the loader's public path.
import leafUrl from './leaf.svg';

export function GoGreenConfirmation({ title }: { title: string }) {
  return (
    <AccountCard title={title}>
      <Flex vertical align="center" gap={16}>
        {/* decorative: the sentence beside it says it all */}
        <img src={leafUrl} alt="" width={96} height={96} />
        <Typography.Paragraph role="status" style={{ fontSize: 18, textAlign: 'center', marginBottom: 0 }}>
          {GO_GREEN_MESSAGES.thankYou}
        </Typography.Paragraph>
      </Flex>
    </AccountCard>
  );
}
