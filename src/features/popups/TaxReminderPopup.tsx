import { Button, Collapse, Flex, Typography } from 'antd';
import { Dialog } from '../../components/Dialog/Dialog';
import { PrimaryButton, TOUCH_TARGET_PX } from './popupActions';
import type { PopupViewProps } from './popupDialogProps';

/** Spec section 9. */
export const TAX_POPUP_MAX_WIDTH = 800;

const optionGrid = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))',
  gap: '0 24px',
} as const;

const smallHeading = { fontSize: '1.0625rem', marginTop: 0 } as const;
/** An answer fills its panel: no paragraph margin. */
const answerStyle = { margin: 0 } as const;

export function TaxReminderPopup({ taxYear, dialog, onClose }: PopupViewProps & { taxYear: number }) {
  // Spec section 9: "tax forms online by January 31 of the year after the tax year".
  const onlineBy = `January 31, ${taxYear + 1}`;
  const faq = [
    {
      key: 'when',
      label: 'When will my tax forms be available?',
      children: (
        <Typography.Paragraph style={answerStyle}>
          Online by {onlineBy}. Forms sent by mail can take several more days to arrive.
        </Typography.Paragraph>
      ),
    },
    {
      key: 'form-1098',
      label: 'What does Form 1098 show?',
      children: (
        <Typography.Paragraph style={answerStyle}>
          The mortgage interest you paid on your loan in {taxYear}. It can also show points, mortgage insurance
          premiums and property taxes paid from your escrow account.
        </Typography.Paragraph>
      ),
    },
    {
      key: 'advice',
      label: 'Can you help me with my tax return?',
      children: (
        <Typography.Paragraph style={answerStyle}>
          We cannot give tax advice. For questions about your tax return, please talk to a tax professional.
        </Typography.Paragraph>
      ),
    },
  ];

  return (
    <Dialog
      {...dialog}
      title={`${taxYear} Tax Information`}
      maxWidth={TAX_POPUP_MAX_WIDTH}
      footer={
        <Flex gap={8} justify="flex-end" wrap>
          <Button onClick={() => onClose('dont-show-again')} style={{ minHeight: TOUCH_TARGET_PX }}>
            Don&apos;t show again
          </Button>
          <PrimaryButton onClick={() => onClose('ok')}>Ok</PrimaryButton>
        </Flex>
      }
    >
      <Typography.Paragraph>
        Your {taxYear} mortgage tax forms, including Form 1098 (Mortgage Interest Statement), are available in two ways.
      </Typography.Paragraph>
      <div style={optionGrid}>
        <section>
          <Typography.Title level={3} style={smallHeading}>
            By mail
          </Typography.Title>
          <Typography.Paragraph>
            If you receive paper documents, your tax forms are mailed to the mailing address on your loan.
          </Typography.Paragraph>
        </section>
        <section>
          <Typography.Title level={3} style={smallHeading}>
            Online
          </Typography.Title>
          <Typography.Paragraph>
            Your tax forms are available online by {onlineBy}. Sign in any time to view, download or print them.
          </Typography.Paragraph>
        </section>
      </div>
      <Typography.Title level={3} style={smallHeading}>
        Frequently asked questions
      </Typography.Title>
      <Collapse items={faq} size="small" />
    </Dialog>
  );
}
