// Placeholder: the feature's issue replaces this widget.
export default function PopupsWidget() {
  return <p></p>;
}
