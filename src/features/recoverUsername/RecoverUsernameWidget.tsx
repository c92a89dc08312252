// Placeholder: the feature's issue replaces this widget.
export default function RecoverUsernameWidget() {
  return <p>Recover Username</p>;
}
