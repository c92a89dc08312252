import { lazy, Suspense, useCallback, useRef } from 'react';
import { CheckboxField, PasswordField, TextField } from '../../components/FormFields/BoundFields';
import { AccountCard, BoundForm, FormFailureAlert, FormFootnote, SubmitButton } from '../../components/FormFields/FormLayout';
import { LoanIdentityFields } from '../../components/FormFields/LoanIdentityFields';
import { PortalLink } from '../../components/PortalLink';
import { useFormOpened, useFormSubmit } from '../../lib/forms/useFormField';
import { useAppSelector } from '../../lib/hooks';
import { PORTAL_URLS } from '../../lib/portalUrls';
import { LIMITS, MESSAGES } from '../../lib/validation/messages';
import {
  registrationForm as form,
  selectNextStepsShown,
  selectRecoveryQuestion,
  type WithRegistration,
} from './registrationSlice';

const max = LIMITS.inputMaximum;

// only after a 409: the first view carries neither the dialog nor what follows declining
const loadRecoveryQuestion = () => import(/* webpackChunkName: "registration-recovery-question" */ './RecoveryQuestion');
const RecoveryQuestion = lazy(loadRecoveryQuestion);
const NextSteps = lazy(() => loadRecoveryQuestion().then((module) => ({ default: module.NextSteps })));

export default function RegistrationWidget() {
  useFormOpened(form);
  const onSubmit = useFormSubmit(form);
  const questionAsked = useAppSelector((state: WithRegistration) => selectRecoveryQuestion(state) !== 'closed');
  const nextStepsShown = useAppSelector(selectNextStepsShown);
  const nextStepsRef = useRef<HTMLDivElement>(null);
  const nextSteps = useCallback(() => nextStepsRef.current, []);
  return (
    <AccountCard title="Register">
      <BoundForm label="Register" onSubmit={onSubmit}>
        <TextField form={form} field="firstname" label="First Name" maxLength={max} autoComplete="given-name" />
        <TextField form={form} field="lastname" label="Last Name" maxLength={max} autoComplete="family-name" />
        <TextField
          form={form}
          field="username"
          label="Username"
          maxLength={max}
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
        />
        <PasswordField
          form={form}
          field="password"
          label="Password"
          hint={MESSAGES.passwordHint}
          maxLength={max}
          autoComplete="new-password"
        />
        <PasswordField form={form} field="password2" label="Password (again)" maxLength={max} autoComplete="new-password" />
        <TextField form={form} field="email" label="Email" type="email" maxLength={max} autoComplete="email" />
        <TextField form={form} field="email2" label="Email (again)" type="email" maxLength={max} autoComplete="email" />
        <LoanIdentityFields form={form} />
        <div style={{ marginBottom: 24 }}>
          <CheckboxField form={form} field="remember_this_browser" label="Remember this browser" />
        </div>
        <FormFailureAlert form={form} />
        {nextStepsShown ? (
          <Suspense fallback={null}>
            <NextSteps focusRef={nextStepsRef} />
          </Suspense>
        ) : null}
        <SubmitButton form={form}>Register</SubmitButton>
      </BoundForm>
      {questionAsked ? (
        <Suspense fallback={null}>
          <RecoveryQuestion returnFocusTo={nextSteps} />
        </Suspense>
      ) : null}
      <FormFootnote>
        Already registered? <PortalLink href={PORTAL_URLS.recoverUsername}>Recover your username</PortalLink>
      </FormFootnote>
    </AccountCard>
  );
}
