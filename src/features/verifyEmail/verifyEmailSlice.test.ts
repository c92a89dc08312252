import { redact } from '../../platform/redaction';
import { verifyEmailActions as actions, verifyEmailSlice } from './verifyEmailSlice';

const reducer = verifyEmailSlice.reducer;

test('idle -> verifying -> verified | error', () => {
  const initial = verifyEmailSlice.getInitialState();
  expect(initial.status).toBe('idle');
  const verifying = reducer(initial, actions.opened({ nonce: 'abc' }));
  expect(verifying.status).toBe('verifying');
  expect(reducer(verifying, actions.verified()).status).toBe('verified');
  expect(reducer(verifying, actions.verificationFailed()).status).toBe('error');
});

test('the nonce is never kept in state and is redacted in every sink', () => {
  const action = actions.opened({ nonce: 'secret-nonce' });
  expect(JSON.stringify(reducer(undefined, action))).not.toContain('secret-nonce');
  expect(JSON.stringify(redact(action))).not.toContain('secret-nonce');
});
