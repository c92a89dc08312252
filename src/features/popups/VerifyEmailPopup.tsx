import { Flex, Typography } from 'antd';
import { Dialog } from '../../components/Dialog/Dialog';
import { PortalLink } from '../../components/PortalLink';
import { PrimaryButton, TOUCH_TARGET_PX } from './popupActions';
import type { PopupViewProps } from './popupDialogProps';

/** Spec section 9. */
export const VERIFY_EMAIL_POPUP_MAX_WIDTH = 300;

/** Must be answered: no close button, backdrop or Escape (the slice refuses those too). */
export function VerifyEmailPopup({ email, dialog, onClose }: PopupViewProps & { email: string }) {
  return (
    <Dialog
      {...dialog}
      title="Please Verify Your Email Address"
      maxWidth={VERIFY_EMAIL_POPUP_MAX_WIDTH}
      closingDisabled
      footer={
        <Flex vertical gap={12} align="stretch" style={{ textAlign: 'center' }}>
          <PrimaryButton block onClick={() => onClose('acknowledged')}>
            I acknowledge this email is correct
          </PrimaryButton>
          <PortalLink
            href="/loanmanager/profile/"
            style={{ display: 'inline-flex', alignItems: 'center', justifyContent: 'center', minHeight: TOUCH_TARGET_PX }}
          >
            I need to change my email address
          </PortalLink>
        </Flex>
      }
    >
      <Typography.Paragraph>
        Two-factor authentication will be required the next time you sign in. Your sign-in codes will be sent to the
        email address on file:
      </Typography.Paragraph>
      <Typography.Paragraph strong style={{ overflowWrap: 'anywhere' }}>
        {email}
      </Typography.Paragraph>
      <Typography.Paragraph style={{ marginBottom: 0 }}>Please confirm that this address is correct.</Typography.Paragraph>
    </Dialog>
  );
}
