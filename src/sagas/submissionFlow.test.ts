import { runSaga } from 'redux-saga';
import { DEPENDENCIES_CONTEXT, type PortalDependencies } from '../platform/dependencies';
import { RESPONSE_MISMATCH } from '../api/baseApi';
import { reportIfUnexpected } from './submissionFlow';

async function reportsOf(error: unknown) {
  const reported: unknown[][] = [];
  const reporter = { report: (...args: unknown[]) => reported.push(args), log: () => undefined };
  const dependencies = { reporter } as unknown as PortalDependencies;
  await runSaga({ context: { [DEPENDENCIES_CONTEXT]: dependencies } }, reportIfUnexpected, error, 'someFlow').toPromise();
  return reported;
}

test.each([
  ['a network failure', { status: 'FETCH_ERROR', error: 'offline' }],
  ['a 500', { status: 500, data: {} }],
  ['a 503', { status: 503, data: {} }],
])('reportIfUnexpected reports %s with the flow name', async (_name, error) => {
  expect(await reportsOf(error)).toEqual([[error, { flow: 'someFlow' }]]);
});

test.each([
  ['a 400', { status: 400, data: { errors: ['no'] } }],
  ['a 409', { status: 409, data: {} }],
  ['a 429', { status: 429, data: {} }],
  ['an answer the base query reported already', { status: 'CUSTOM_ERROR', error: RESPONSE_MISMATCH, data: {} }],
])('reportIfUnexpected leaves %s unreported', async (_name, error) => {
  expect(await reportsOf(error)).toEqual([]);
});
