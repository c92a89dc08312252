/** Appends `<script type="application/json" id=…>` holding `text` to the body, as the server writes its data blocks. */
export function appendJsonDataBlock(doc: Document, id: string, text: string): HTMLScriptElement {
  const script = doc.createElement('script');
  script.type = 'application/json';
  script.id = id;
  script.textContent = text;
  doc.body.appendChild(script);
  return script;
}
