// Placeholder: the feature's issue replaces this watcher.
export function* profileSaga(): Generator {
  // nothing yet
}
