// Placeholder: the feature's issue replaces this watcher.
export function* passwordResetSaga(): Generator {
  // nothing yet
}
