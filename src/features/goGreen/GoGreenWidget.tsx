// Placeholder: the feature's issue replaces this widget.
export default function GoGreenWidget() {
  return <p>Go Green</p>;
}
