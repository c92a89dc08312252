import { nextDialogPhase, type CloseTrigger, type DialogEvent, type DialogPhase } from './dialogMachine';
import { DIALOG_ANIMATION_MS, DIALOG_CLOSE_FALLBACK_MS } from './dialogTiming';

const closeRequest = (trigger: CloseTrigger, closingDisabled = false): DialogEvent => ({
  type: 'closeRequested',
  trigger,
  closingDisabled,
});

describe('nextDialogPhase', () => {
  it.each<[DialogPhase, DialogEvent, DialogPhase]>([
    ['closed', { type: 'opened' }, 'open'],
    ['open', { type: 'opened' }, 'open'],
    ['closing', { type: 'opened' }, 'closing'],
    ['open', closeRequest('action'), 'closing'],
    ['open', closeRequest('closeButton'), 'closing'],
    ['open', closeRequest('backdrop'), 'closing'],
    ['open', closeRequest('escape'), 'closing'],
    ['closing', closeRequest('action'), 'closing'],
    ['closed', closeRequest('escape'), 'closed'],
    ['closing', { type: 'closeFinished' }, 'closed'],
    ['open', { type: 'closeFinished' }, 'open'],
    ['closed', { type: 'closeFinished' }, 'closed'],
  ])('%s + %j -> %s', (phase, event, expected) => {
    expect(nextDialogPhase(phase, event)).toBe(expected);
  });

  it.each<CloseTrigger>(['closeButton', 'backdrop', 'escape'])('ignores %s when closing is disabled', (trigger) => {
    expect(nextDialogPhase('open', closeRequest(trigger, true))).toBe('open');
  });

  it("always honours the dialog's own buttons, even when closing is disabled", () => {
    expect(nextDialogPhase('open', closeRequest('action', true))).toBe('closing');
  });

  it('falls back 100 ms after the animation time', () => {
    expect(DIALOG_CLOSE_FALLBACK_MS).toBe(DIALOG_ANIMATION_MS + 100);
    expect(DIALOG_CLOSE_FALLBACK_MS).toBe(400);
  });
});
