import { lazy, Suspense, useCallback, useRef } from 'react';
import { CheckboxField, PasswordField, TextField } from '../../components/FormFields/BoundFields';
import { AccountCard } from '../../components/AccountCard';
import { BoundForm, FormFailureAlert, FormFootnote, SubmitButton } from '../../components/FormFields/FormLayout';
import { LoanIdentityFields } from '../../components/FormFields/LoanIdentityFields';
import { PortalLink } from '../../components/PortalLink';
import { useFormOpened, useFormSubmit } from '../../state/forms/useFormField';
import { useAppSelector } from '../../state/hooks';
import { PORTAL_URLS } from '../../lib/portalUrls';
import { LIMITS, MESSAGES } from '../../lib/validation/messages';
import { T, useT } from '../../platform/i18n/useT';
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
  const t = useT();
  useFormOpened(form);
  const onSubmit = useFormSubmit(form);
  const questionAsked = useAppSelector((state: WithRegistration) => selectRecoveryQuestion(state) !== 'closed');
  const nextStepsShown = useAppSelector(selectNextStepsShown);
  const nextStepsRef = useRef<HTMLDivElement>(null);
  const nextSteps = useCallback(() => nextStepsRef.current, []);
  return (
    <AccountCard title={t('registration.title')}>
      <BoundForm label={t('registration.title')} onSubmit={onSubmit}>
        {/* at the top, above ten fields: on a phone the button is far below the field a refusal concerns (E5) */}
        <FormFailureAlert form={form} />
        {/* the borrower proves who they are first, then chooses a username (issue 47 item 8) */}
        <LoanIdentityFields form={form} />
        <TextField form={form} field="firstname" label={t('registration.firstName')} maxLength={max} autoComplete="given-name" />
        <TextField form={form} field="lastname" label={t('registration.lastName')} maxLength={max} autoComplete="family-name" />
        <TextField
          form={form}
          field="username"
          label={t('registration.username')}
          maxLength={max}
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
        />
        <PasswordField
          form={form}
          field="password"
          label={t('registration.password')}
          hint={t(MESSAGES.passwordHint)}
          maxLength={max}
          autoComplete="new-password"
        />
        <PasswordField form={form} field="password2" label={t('registration.passwordAgain')} maxLength={max} autoComplete="new-password" />
        <TextField form={form} field="email" label={t('registration.email')} type="email" maxLength={max} autoComplete="email" />
        <TextField form={form} field="email2" label={t('registration.emailAgain')} type="email" maxLength={max} autoComplete="email" />
        <div style={{ marginBottom: 24 }}>
          <CheckboxField
            form={form}
            field="remember_this_browser"
            label={t('registration.rememberBrowser')}
            hint={t('registration.rememberBrowserHint')}
          />
        </div>
        {nextStepsShown ? (
          <Suspense fallback={null}>
            <NextSteps focusRef={nextStepsRef} />
          </Suspense>
        ) : null}
        <SubmitButton form={form}>{t('registration.submit')}</SubmitButton>
      </BoundForm>
      {questionAsked ? (
        <Suspense fallback={null}>
          <RecoveryQuestion returnFocusTo={nextSteps} />
        </Suspense>
      ) : null}
      <FormFootnote>
        <T id="registration.recoverPrompt" components={{ 0: <PortalLink href={PORTAL_URLS.recoverUsername} /> }} />
      </FormFootnote>
    </AccountCard>
  );
}
