/**
 * The popup ids and the offer popup's sub types the contract knows (spec section 3), as plain
 * lists: the popups widget checks the server's items against them at load, without the
 * contract, whose schemas (src/api/schemas.ts) arrive with the flows.
 */
export const POPUP_IDS = ['go-green-auto-pay', 'tax-reminder', 'tfa-verify-email'] as const;
const POPUP_SUB_TYPES = ['go_green', 'auto_pay', 'auto_pay_go_green_combined'] as const;

export type PopupSubType = (typeof POPUP_SUB_TYPES)[number];

export const isPopupSubType = (value: unknown): value is PopupSubType =>
  (POPUP_SUB_TYPES as readonly unknown[]).includes(value);
