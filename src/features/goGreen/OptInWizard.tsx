/**
 * antd's vertical, linear Steps: the borrower moves only with the step's own buttons, never by
 * clicking ahead. Indicators: number (waiting), edit (current), done (a check) and error.
 */
import { Steps, type StepsProps } from 'antd';
import './OptInWizard.css';
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useAppSelector } from '../../state/hooks';
import { AccountCard } from '../../components/AccountCard';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import type { MessageId } from '../../platform/i18n/messageId';
import { useT } from '../../platform/i18n/useT';
import { ConfirmEmailStep } from './ConfirmEmailStep';
import { EmailStep } from './EmailStep';
import { STEP_TITLES } from './goGreenMessages';
import { selectEmailCheck,
  selectEmailErrors, selectGoGreen, selectWizardSteps, type GoGreenState, type GoGreenStep, type WithGoGreen } from './goGreenSlice';
import { ReviewDisclosuresStep } from './ReviewDisclosuresStep';
import { useDisclosuresSanitizer, type DisclosuresSanitizer } from './useDisclosuresSanitizer';

type StepStatus = NonNullable<StepsProps['status']>;

function stepTitle(step: GoGreenStep, intention: GoGreenState['intention']): MessageId {
  if (step === 'confirmEmail') return STEP_TITLES.confirmEmail;
  if (step === 'reviewDisclosures') return STEP_TITLES.reviewDisclosures;
  return intention === 'withCorrectedDetails' ? STEP_TITLES.changeEmail : STEP_TITLES.validateEmail;
}

/** The current step shows an error while its field error is shown, or after a failed opt-in. */
function useCurrentStepFailed(step: GoGreenStep): boolean {
  return useAppSelector((state: WithGoGreen) => {
    const { touched, submitted, optIn } = selectGoGreen(state);
    if (step === 'reviewDisclosures') return optIn === 'failed';
    if (step !== 'email') return false;
    const shown = touched.email === true || submitted || selectEmailCheck(state) === 'invalid';
    return shown && selectEmailErrors(state).email !== undefined;
  });
}

/** Said after a step's title to screen readers: what its indicator shows. */
const STATUS_SUFFIX: Partial<Record<StepStatus, MessageId>> = { finish: 'goGreen.stepDone', error: 'goGreen.stepFailed' };

function StepHeading({
  title,
  status,
  current,
  headingRef,
}: {
  title: MessageId;
  status: StepStatus;
  current: boolean;
  headingRef?: RefObject<HTMLHeadingElement | null>;
}) {
  const t = useT();
  const suffix = STATUS_SUFFIX[status];
  return (
    <h2
      ref={headingRef}
      tabIndex={current ? -1 : undefined}
      aria-current={current ? 'step' : undefined}
      style={{ font: 'inherit', margin: 0, outline: 'none' }}
    >
      {t(title)}
      {suffix ? <VisuallyHidden> {t(suffix)}</VisuallyHidden> : null}
    </h2>
  );
}

function EditIcon() {
  return (
    <svg viewBox="0 0 24 24" width="1em" height="1em" fill="currentColor" aria-hidden="true" focusable="false">
      <path d="M3 17.25V21h3.75L17.81 9.94l-3.75-3.75L3 17.25zm17.71-10.21a1 1 0 0 0 0-1.41l-2.34-2.34a1 1 0 0 0-1.41 0l-1.83 1.83 3.75 3.75 1.83-1.83z" />
    </svg>
  );
}

const iconRender: StepsProps['iconRender'] = (node, { item, components: { Icon } }) =>
  item.status === 'process' ? (
    <Icon>
      <EditIcon />
    </Icon>
  ) : (
    node
  );

const PANELS: Record<GoGreenStep, (sanitizer: DisclosuresSanitizer) => ReactNode> = {
  confirmEmail: () => <ConfirmEmailStep />,
  email: () => <EmailStep />,
  reviewDisclosures: (sanitizer) => <ReviewDisclosuresStep sanitizer={sanitizer} />,
};

export function OptInWizard({ title }: { title: string }) {
  const steps = useAppSelector(selectWizardSteps);
  const step = useAppSelector((state: WithGoGreen) => selectGoGreen(state).step);
  const intention = useAppSelector((state: WithGoGreen) => selectGoGreen(state).intention);
  const emailStepDone = useAppSelector((state: WithGoGreen) => selectGoGreen(state).verificationStatus === 'changed');
  const failed = useCurrentStepFailed(step);
  const current = Math.max(steps.indexOf(step), 0);
  const sanitizer = useDisclosuresSanitizer();

  // keyboard and screen reader users land on the new step's heading, not at the top of the page
  const headingRef = useRef<HTMLHeadingElement>(null);
  const previousStep = useRef(step);
  useEffect(() => {
    if (previousStep.current !== step) headingRef.current?.focus();
    previousStep.current = step;
  }, [step]);

  const items = steps.map((key, index) => {
    let status: StepStatus = index < current ? 'finish' : index === current ? 'process' : 'wait';
    if (index === current && failed) status = 'error';
    // step 2 is complete as soon as the address counts as validated (spec section 2)
    if (key === 'email' && emailStepDone && index <= current) status = 'finish';
    const isCurrent = index === current;
    return {
      key,
      status,
      title: (
        <StepHeading
          title={stepTitle(key, intention)}
          status={status}
          current={isCurrent}
          headingRef={isCurrent ? headingRef : undefined}
        />
      ),
      content: isCurrent ? <div style={{ paddingBlock: 8 }}>{PANELS[key](sanitizer)}</div> : undefined,
    };
  });

  return (
    <AccountCard title={title}>
      <Steps orientation="vertical" className="loanmanager-go-green-steps" current={current} items={items} iconRender={iconRender} />
    </AccountCard>
  );
}
