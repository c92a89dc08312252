// Placeholder: the feature's issue replaces this watcher.
export function* popupsSaga(): Generator {
  // nothing yet
}
