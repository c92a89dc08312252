// Placeholder: the feature's issue replaces this widget.
export default function RegistrationWidget() {
  return <p>Register</p>;
}
