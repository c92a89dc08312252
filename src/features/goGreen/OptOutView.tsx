import { Button } from 'antd';
import { useAppDispatch, useAppSelector } from '../../state/hooks';
import { AccountCard } from '../../components/AccountCard';
import { Paragraph } from '../../components/Typography/Typography';
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
      <Paragraph>{t('goGreen.optOutStops')}</Paragraph>
      <Paragraph>{t('goGreen.optOutPrinted')}</Paragraph>
      <Button type="primary" danger loading={sending} onClick={() => dispatch(goGreenActions.optOutRequested())}>
        {t('goGreen.optOut')}
      </Button>
    </AccountCard>
  );
}
