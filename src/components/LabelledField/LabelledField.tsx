// the icon modules antd's own ES build uses: one copy of each in the bundle
import CheckCircleFilled from '@ant-design/icons/es/icons/CheckCircleFilled';
import CloseCircleFilled from '@ant-design/icons/es/icons/CloseCircleFilled';
import ExclamationCircleFilled from '@ant-design/icons/es/icons/ExclamationCircleFilled';
import LoadingOutlined from '@ant-design/icons/es/icons/LoadingOutlined';
import { Form } from 'antd';
import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { fieldStatus, validateStatusOf } from '../FieldStatus/fieldStatus';
import type { MessageId } from '../../platform/i18n/messageId';
import { useT } from '../../platform/i18n/useT';

export interface LabelledFieldProps {
  /** The input's id; the label points at it and the error and hint are tied to it. */
  id: string;
  label: ReactNode;
  /** The derived error of the field, shown (and announced) only after submit. */
  error: string | null | undefined;
  submitted: boolean;
  /** Nothing typed: after submit the field shows its error or nothing, never a success. */
  empty?: boolean;
  /** The server has just refused the field: no success mark (fieldStatus). */
  rejected?: boolean;
  /** A lasting hint under the field (e.g. the password requirements). */
  hint?: ReactNode;
  /**
   * What just happened to the field's input (e.g. a paste cut to its limit). A field that can have
   * one passes it always (null when there is none): its polite live region is then in the page
   * before any text goes into it, so screen readers announce the text.
   */
  notice?: string | null;
  required?: boolean;
  children: ReactElement<Record<string, unknown>>;
}

/** The status icons repeat what aria-invalid and the error text say: hidden from screen readers (antd names them in English). */
const FEEDBACK = {
  icons: () => ({
    success: <CheckCircleFilled aria-hidden />,
    error: <CloseCircleFilled aria-hidden />,
    warning: <ExclamationCircleFilled aria-hidden />,
    validating: <LoadingOutlined aria-hidden />,
  }),
};

/**
 * One labelled field with the spec's status display: none, error or success, only after submit.
 * The error is in a live region and referenced by aria-describedby, so screen readers announce it.
 */
export function LabelledField({
  id,
  label,
  error,
  submitted,
  empty = false,
  rejected = false,
  hint,
  notice,
  required = false,
  children,
}: LabelledFieldProps) {
  const t = useT();
  const status = fieldStatus(submitted, error, empty, rejected);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const noticeId = `${id}-notice`;
  const errorText = status === 'error' && error ? t(error as MessageId) : null;
  // an error that already says the hint ("Enter a real date as MM/DD/YYYY") replaces it: said once
  const shownHint = hint && !(typeof hint === 'string' && errorText?.includes(hint)) ? hint : undefined;
  const describedBy =
    [status === 'error' ? errorId : null, shownHint ? hintId : null, notice ? noticeId : null].filter(Boolean).join(' ') || undefined;
  const input = isValidElement(children)
    ? cloneElement(children, {
        id,
        'aria-invalid': status === 'error' ? true : undefined,
        'aria-describedby': describedBy,
        'aria-required': required || undefined,
      })
    : children;
  return (
    <Form.Item
      // Form.Item renders the <label>; htmlFor ties it to the input (a nested <label> would be invalid HTML)
      label={label}
      htmlFor={id}
      colon={false}
      required={required}
      validateStatus={validateStatusOf(status)}
      // Always on: antd wraps the input in an affix element when feedback is on, and switching it on at
      // the first submit would replace the <input> node and drop the focus the submit just set.
      hasFeedback={FEEDBACK}
      help={
        status === 'error' ? (
          <div id={errorId} role="alert">
            {errorText}
          </div>
        ) : undefined
      }
      // `extra`, not `help`: antd fades help in, so a hint there was painted only after the
      // fade, the page's largest text (its LCP) a moment after the rest of the form
      // Under an error line the hint touched the next label: antd gives the error the item's bottom
      // margin and cancels any margin of the item's own (its margin offset), so the gap is the hint's.
      extra={shownHint ? <div id={hintId} style={status === 'error' ? { paddingBottom: 8 } : undefined}>{shownHint}</div> : undefined}
    >
      {input}
      {notice !== undefined && (
        // empty, it takes no room; filled, it sits under the input, above any error
        <div id={noticeId} role="status" style={notice ? { marginTop: 4 } : undefined}>
          {notice}
        </div>
      )}
    </Form.Item>
  );
}
