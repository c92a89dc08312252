// Placeholder: the feature's issue replaces this watcher.
export function* registrationSaga(): Generator {
  // nothing yet
}
