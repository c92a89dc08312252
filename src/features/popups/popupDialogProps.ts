import type { DialogProps } from '../../components/Dialog/Dialog';
import type { PopupCloseReason } from './popupModel';

/** What every popup gets from the widget: the dialog's phase and callbacks, and its own close. */
export interface PopupViewProps {
  dialog: Pick<DialogProps, 'phase' | 'onCloseRequested' | 'onClosed'>;
  /** One of the popup's own buttons was chosen. */
  onClose(reason: Exclude<PopupCloseReason, 'dismissed'>): void;
}
