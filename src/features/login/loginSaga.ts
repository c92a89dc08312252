// Placeholder: the feature's issue replaces this watcher.
export function* loginSaga(): Generator {
  // nothing yet
}
