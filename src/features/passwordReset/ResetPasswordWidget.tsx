// Placeholder: the feature's issue replaces this widget.
export default function ResetPasswordWidget() {
  return <p>Reset Password</p>;
}
