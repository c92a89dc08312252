// Placeholder: the feature's issue replaces this watcher.
export function* recoverUsernameSaga(): Generator {
  // nothing yet
}
