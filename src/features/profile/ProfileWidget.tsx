// Placeholder: the feature's issue replaces this widget.
export default function ProfileWidget() {
  return <p>Profile</p>;
}
