import type { MessageId } from '../../platform/i18n/messageId';

/**
 * The go-green flows' messages that go into the store (the snackbar's): ids, shown in the
 * borrower's language when rendered, so a QA recording replays in any language. The texts are in
 * the catalogs (src/platform/i18n/locales, namespace `goGreen`): spec sections 2 and 8 verbatim.
 */
export const GO_GREEN_MESSAGES = {
  loadFailed: 'goGreen.loadFailed',
  /** polling, opt-in and opt-out failures */
  problem: 'goGreen.problem',
} as const satisfies Record<string, MessageId>;

/** The wizard's step titles (spec section 2), by step; step 2's depends on the intention. */
export const STEP_TITLES = {
  confirmEmail: 'goGreen.stepConfirmEmail',
  changeEmail: 'goGreen.stepChangeEmail',
  validateEmail: 'goGreen.stepValidateEmail',
  reviewDisclosures: 'goGreen.stepReviewDisclosures',
} as const satisfies Record<string, MessageId>;

