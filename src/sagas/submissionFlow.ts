/**
 * The steps every signed-out form's submit saga shares: the validity gate, the wait indicator,
 * the captcha token, and the line between an expected server answer and an unexpected failure
 * (`reportIfUnexpected`, which every flow uses to report the latter).
 */
import type { UnknownAction } from '@reduxjs/toolkit';
import { call, put, select } from 'redux-saga/effects';
import { httpStatusOf, isResponseMismatch } from '../api/baseApi';
import { getDependencies } from '../platform/dependencies';
import type { CaptchaAction } from '../platform/captcha';
import type { MessageId } from '../platform/i18n/messageId';
import type { FormMessage } from '../state/forms/createFormSlice';

/** A form slice as its submit saga sees it; `S` is the state of the store the saga runs on. */
export interface SubmittableForm<S = unknown> {
  selectIsValid(state: S): boolean;
  actions: {
    validationFailed(): UnknownAction;
    submissionStarted(): UnknownAction;
  };
}

/** Valid: `submissionStarted` (the wait indicator) and true. Invalid: `validationFailed` and false. */
export function* startIfValid(form: SubmittableForm): Generator<unknown, boolean, unknown> {
  const valid = (yield select(form.selectIsValid)) as boolean;
  if (!valid) {
    yield put(form.actions.validationFailed());
    return false;
  }
  yield put(form.actions.submissionStarted());
  return true;
}

export function* obtainCaptchaToken(
  action: CaptchaAction,
  obtained: () => UnknownAction,
): Generator<unknown, string, unknown> {
  const { captcha } = yield* getDependencies();
  const token = (yield call([captcha, captcha.getCaptchaToken], action)) as string;
  yield put(obtained());
  return token;
}

/**
 * A network failure, a 5xx or a local error: not an answer the flow expects, so it is reported.
 * An answer that does not fit the contract is unexpected too, but the base query reported it already.
 */
export function isUnexpectedFailure(error: unknown): boolean {
  if (isResponseMismatch(error)) return false;
  const status = httpStatusOf(error);
  return status === null || status >= 500;
}

/**
 * The one "report the error if it is unexpected" of every flow: an unexpected failure
 * (`isUnexpectedFailure`) goes to the error reporter with the flow's name; an expected answer does not.
 */
export function* reportIfUnexpected(error: unknown, flow: string): Generator<unknown, void, unknown> {
  if (!isUnexpectedFailure(error)) return;
  const { reporter } = yield* getDependencies();
  yield call([reporter, reporter.report], error, { flow });
}

/**
 * A 4xx answer about what was typed: the server refused the form's values (not a conflict, 409,
 * which asks a question, nor a throttle, 429). The fields it concerns lose their success marks.
 */
export function isRefusal(error: unknown): boolean {
  const status = httpStatusOf(error);
  return status !== null && status >= 400 && status < 500 && status !== 409 && status !== 429;
}

/**
 * What kind of failure a submit met, for the next step its alert gives: the server refused what was
 * typed ('refused': check it), asked the borrower to slow down ('throttled', 429), or could not be
 * reached or had a problem ('unreachable': a network failure or a 5xx; what was typed may be right).
 */
type FailureKind = 'refused' | 'throttled' | 'unreachable';

function failureKindOf(error: unknown): FailureKind {
  if (isUnexpectedFailure(error)) return 'unreachable';
  return httpStatusOf(error) === 429 ? 'throttled' : 'refused';
}

/** A flow's failure text (the spec's) with the kind of failure as a value, for the alert's next step. */
export function failedMessage(id: MessageId, error: unknown): FormMessage {
  return { id, values: { failure: failureKindOf(error) } };
}
