// Placeholder: the feature's issue replaces this widget.
export default function RequestPasswordResetWidget() {
  return <p>Having trouble signing in?</p>;
}
