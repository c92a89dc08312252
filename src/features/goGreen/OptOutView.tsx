import { Button, Typography } from 'antd';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { AccountCard } from '../../components/FormFields/FormLayout';
import { GO_GREEN_MESSAGES } from './goGreenMessages';
import { goGreenActions, selectGoGreen, type WithGoGreen } from './goGreenSlice';

export function OptOutView() {
  const dispatch = useAppDispatch();
  // after success the page reloads; the spinner stays until it does
  const sending = useAppSelector((state: WithGoGreen) => {
    const { optOut } = selectGoGreen(state);
    return optOut === 'pending' || optOut === 'succeeded';
  });
  return (
    <AccountCard title={GO_GREEN_MESSAGES.optOutHeading}>
      <Typography.Paragraph>{GO_GREEN_MESSAGES.optOutStops}</Typography.Paragraph>
      <Typography.Paragraph>{GO_GREEN_MESSAGES.optOutPrinted}</Typography.Paragraph>
      <Button type="primary" danger loading={sending} onClick={() => dispatch(goGreenActions.optOutRequested())}>
        Opt Out
      </Button>
    </AccountCard>
  );
}
