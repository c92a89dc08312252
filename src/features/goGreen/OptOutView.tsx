import { Button, Typography } from 'antd';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { AccountCard } from '../../components/FormFields/FormLayout';
import { useT } from '../../platform/i18n/useT';
import { goGreenActions, selectGoGreen, type WithGoGreen } from './goGreenSlice';

export function OptOutView() {
  const t = useT();
  const dispatch = useAppDispatch();
  // after success the page reloads; the spinner stays until it does
  const sending = useAppSelector((state: WithGoGreen) => {
    const { optOut } = selectGoGreen(state);
    return optOut === 'pending' || optOut === 'succeeded';
  });
  return (
    <AccountCard title={t('goGreen.optOutHeading')}>
      <Typography.Paragraph>{t('goGreen.optOutStops')}</Typography.Paragraph>
      <Typography.Paragraph>{t('goGreen.optOutPrinted')}</Typography.Paragraph>
      <Button type="primary" danger loading={sending} onClick={() => dispatch(goGreenActions.optOutRequested())}>
        {t('goGreen.optOut')}
      </Button>
    </AccountCard>
  );
}
