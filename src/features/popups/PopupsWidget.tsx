/**
 * The popups widget of the signed-in pages. It renders nothing of its own: the saga decides
 * which popup is on screen, and the dialog renders from the slice alone.
 */
import { useCallback, useDeferredValue, useEffect, useMemo } from 'react';
import type { DismissTrigger } from '../../lib/dialogMachine';
import { useAppDispatch, useAppSelector, usePortalConfig } from '../../state/hooks';
import { showPasskeyOfferWhereUsable } from './passkeyOffer';
import { OfferPopup } from './OfferPopup';
import type { PopupViewProps } from './popupDialogProps';
import type { Popup } from './popupModel';
import { closeRequested, popupClosed, selectCurrentPopup, selectShownPopups, widgetMounted } from './popupsSlice';
import { TaxReminderPopup } from './TaxReminderPopup';
import { VerifyEmailPopup } from './VerifyEmailPopup';

function PopupView({ popup, ...view }: PopupViewProps & { popup: Popup }) {
  switch (popup.id) {
    case 'go-green-auto-pay':
      return <OfferPopup subType={popup.subType} {...view} />;
    case 'tax-reminder':
      return <TaxReminderPopup taxYear={popup.taxYear} {...view} />;
    case 'tfa-verify-email':
      return <VerifyEmailPopup email={popup.email} {...view} />;
  }
}

export default function PopupsWidget() {
  const dispatch = useAppDispatch();
  const current = useAppSelector(selectCurrentPopup);
  const shownCount = useAppSelector(selectShownPopups).length;
  // The dialog, which arrives while the page is still loading, is rendered in the background (in
  // slices, not one long task holding a phone's main thread).
  const shown = useDeferredValue(useMemo(() => (current ? { current, shownCount } : null), [current, shownCount]));

  const config = usePortalConfig();
  useEffect(() => {
    dispatch(widgetMounted());
  }, [dispatch]);
  useEffect(() => showPasskeyOfferWhereUsable(config), [config]);

  const onCloseRequested = useCallback(
    (trigger: DismissTrigger) => dispatch(closeRequested({ reason: 'dismissed', trigger })),
    [dispatch],
  );
  const onClosed = useCallback(() => dispatch(popupClosed()), [dispatch]);
  const onClose = useCallback<PopupViewProps['onClose']>((reason) => dispatch(closeRequested({ reason })), [dispatch]);

  if (!shown) return null;
  return (
    <PopupView
      // A fresh dialog per popup shown, even when two in a row have the same id.
      key={shown.shownCount}
      popup={shown.current.popup}
      dialog={{ phase: shown.current.phase, onCloseRequested, onClosed }}
      onClose={onClose}
    />
  );
}
