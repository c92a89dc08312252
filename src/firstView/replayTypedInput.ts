/**
 * What a borrower typed into a server-rendered form before its script hydrated it (issue 18).
 * React keeps the field's text on hydration but is not told of it (react#33129 replays it only
 * behind a flag), so the store still holds the server's empty value, and the next render of the
 * field would erase the text. Each changed field is replayed as the change React would have seen.
 */
function replayText(field: HTMLInputElement | HTMLTextAreaElement) {
  const typed = field.value;
  // through React's value tracker: React now believes the field holds the server's value…
  field.value = field.defaultValue;
  // …and the browser's own setter puts the borrower's text back without telling the tracker
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, typed);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

function replayChecked(field: HTMLInputElement) {
  field.checked = field.defaultChecked;
  field.click();
}

/** Replays every field of `container` whose value differs from what the server rendered. */
export function replayTypedInput(container: ParentNode) {
  for (const field of container.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    if (field.disabled || field.type === 'hidden') continue;
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      if (field.checked !== field.defaultChecked) replayChecked(field);
    } else if (field.value !== field.defaultValue) {
      replayText(field);
    }
  }
}
