// Placeholder: the feature's issue replaces this widget.
export default function LoginWidget() {
  return <p>Sign in</p>;
}
