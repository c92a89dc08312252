// Placeholder: the feature's issue replaces this watcher.
export function* verifyEmailSaga(): Generator {
  // nothing yet
}
