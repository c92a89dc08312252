import { redact } from '../../platform/redaction';
import { verifyEmailActions as actions, verifyEmailSlice } from './verifyEmailSlice';

const reducer = verifyEmailSlice.reducer;

test('idle -> pending -> succeeded | refused (the link is used or expired) | failed (not answered)', () => {
  const initial = verifyEmailSlice.getInitialState();
  expect(initial.status).toBe('idle');
  const verifying = reducer(initial, actions.opened({ nonce: 'abc' }));
  expect(verifying.status).toBe('pending');
  expect(reducer(verifying, actions.verified()).status).toBe('succeeded');
  expect(reducer(verifying, actions.verificationFailed()).status).toBe('refused');
  expect(reducer(verifying, actions.verificationUnchecked()).status).toBe('failed');
  expect(reducer(reducer(verifying, actions.verificationUnchecked()), actions.verificationRetried({ nonce: 'abc' })).status).toBe('pending');
});

test('the nonce is never kept in state and is redacted in every sink', () => {
  const action = actions.opened({ nonce: 'secret-nonce' });
  expect(JSON.stringify(reducer(undefined, action))).not.toContain('secret-nonce');
  expect(JSON.stringify(redact(action))).not.toContain('secret-nonce');
});
