/**
 * The next step after a failed submit's alert, by the kind of failure (`failedMessage` in
 * src/sagas/submissionFlow.ts): a refusal gets the flow's own advice (check what was typed);
 * a throttle says to wait; a network failure or a 5xx says the service could not be reached and to
 * try again, never that the borrower's details were wrong.
 */
import type { ReactNode } from 'react';
import type { MessageValues } from '../../platform/i18n/messageId';
import { T } from '../../platform/i18n/useT';

export function failureNextStep(values: MessageValues | undefined, whenRefused: ReactNode): ReactNode {
  switch (values?.failure) {
    case 'unreachable':
      return <T id="common.failure.unreachable" />;
    case 'throttled':
      return <T id="common.failure.throttled" />;
    default:
      return whenRefused;
  }
}
