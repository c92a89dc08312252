/** Appends `<script type="application/json" id=…>` holding `text` to the body, as the server writes its data blocks. */
export function appendJsonDataBlock(doc: Document, id: string, text: string): HTMLScriptElement {
  const script = doc.createElement('script');
  script.type = 'application/json';
  script.id = id;
  script.textContent = text;
  doc.body.appendChild(script);
  return script;
}

/** The parsed content of the page's `<script type="application/json" id=…>` data block; null without one. */
export function jsonDataBlockIn(html: string, id: string): unknown {
  // the server escapes `<` inside a block (jsonForScript), so the first `<` ends it
  const match = new RegExp(`<script type="application/json" id="${id}">([^<]*)</script>`).exec(html);
  return match ? (JSON.parse(match[1] ?? 'null') as unknown) : null;
}
