import { Button, Collapse, Flex } from 'antd';
import { Dialog } from '../../components/Dialog/Dialog';
import { Paragraph, Title } from '../../components/Typography/Typography';
import { useT } from '../../platform/i18n/useT';
import { PrimaryButton, TOUCH_TARGET_PX } from './popupActions';
import type { PopupViewProps } from './popupDialogProps';

/** Spec section 9. */
const TAX_POPUP_MAX_WIDTH = 800;

const optionGrid = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))',
  gap: '0 24px',
} as const;

const smallHeading = { fontSize: '1.0625rem', marginTop: 0 } as const;
/** An answer fills its panel: no paragraph margin. */
const answerStyle = { margin: 0 } as const;

export function TaxReminderPopup({ taxYear, dialog, onClose }: PopupViewProps & { taxYear: number }) {
  const t = useT();
  // Spec section 9: "tax forms online by January 31 of the year after the tax year" (a timestamp:
  // the catalog formats it as a date in the borrower's language)
  const date = new Date(taxYear + 1, 0, 31).getTime();
  const year = taxYear;
  const faq = [
    {
      key: 'when',
      label: t('popups.faqWhen'),
      children: <Paragraph style={answerStyle}>{t('popups.faqWhenAnswer', { date })}</Paragraph>,
    },
    {
      key: 'form-1098',
      label: t('popups.faq1098'),
      children: <Paragraph style={answerStyle}>{t('popups.faq1098Answer', { year })}</Paragraph>,
    },
    {
      key: 'advice',
      label: t('popups.faqAdvice'),
      children: <Paragraph style={answerStyle}>{t('popups.faqAdviceAnswer')}</Paragraph>,
    },
  ];

  return (
    <Dialog
      {...dialog}
      title={t('popups.taxTitle', { year })}
      maxWidth={TAX_POPUP_MAX_WIDTH}
      footer={
        <Flex gap={8} justify="flex-end" wrap>
          <Button onClick={() => onClose('dont-show-again')} style={{ minHeight: TOUCH_TARGET_PX }}>
            {t('popups.dontShowAgain')}
          </Button>
          <PrimaryButton onClick={() => onClose('ok')}>{t('popups.ok')}</PrimaryButton>
        </Flex>
      }
    >
      <Paragraph>{t('popups.taxIntro', { year })}</Paragraph>
      <div style={optionGrid}>
        <section>
          <Title level={3} style={smallHeading}>
            {t('popups.byMail')}
          </Title>
          <Paragraph>{t('popups.byMailText')}</Paragraph>
        </section>
        <section>
          <Title level={3} style={smallHeading}>
            {t('popups.online')}
          </Title>
          <Paragraph>{t('popups.onlineText', { date })}</Paragraph>
        </section>
      </div>
      <Title level={3} style={smallHeading}>
        {t('popups.faq')}
      </Title>
      <Collapse items={faq} size="small" />
    </Dialog>
  );
}
