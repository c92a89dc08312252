// Placeholder: the feature's issue replaces this watcher.
export function* goGreenSaga(): Generator {
  // nothing yet
}
