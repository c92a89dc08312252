import { Flex } from 'antd';
import { Dialog } from '../../components/Dialog/Dialog';
import { PortalLink } from '../../components/PortalLink';
import { Paragraph } from '../../components/Typography/Typography';
import { useT } from '../../platform/i18n/useT';
import { PrimaryButton, TOUCH_TARGET_PX } from './popupActions';
import type { PopupViewProps } from './popupDialogProps';

/** Spec section 9. */
const VERIFY_EMAIL_POPUP_MAX_WIDTH = 300;

/** Must be answered: no close button, backdrop or Escape (the slice refuses those too). */
export function VerifyEmailPopup({ email, dialog, onClose }: PopupViewProps & { email: string }) {
  const t = useT();
  return (
    <Dialog
      {...dialog}
      title={t('popups.verifyTitle')}
      maxWidth={VERIFY_EMAIL_POPUP_MAX_WIDTH}
      closingDisabled
      footer={
        <Flex vertical gap={12} align="stretch" style={{ textAlign: 'center' }}>
          <PrimaryButton block onClick={() => onClose('acknowledged')}>
            {t('popups.acknowledge')}
          </PrimaryButton>
          <PortalLink
            href="/loanmanager/profile/"
            style={{ display: 'inline-flex', alignItems: 'center', justifyContent: 'center', minHeight: TOUCH_TARGET_PX }}
          >
            {t('popups.changeEmail')}
          </PortalLink>
        </Flex>
      }
    >
      <Paragraph>{t('popups.verifyTwoFactor')}</Paragraph>
      <Paragraph strong style={{ overflowWrap: 'anywhere' }}>
        {email}
      </Paragraph>
      <Paragraph style={{ marginBottom: 0 }}>{t('popups.verifyConfirm')}</Paragraph>
    </Dialog>
  );
}
