// Placeholder: the feature's issue replaces this widget.
export default function VerifyEmailWidget() {
  return <p>Verifying...</p>;
}
