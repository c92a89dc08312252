/** An image imported by a component: webpack emits it under dist/static (hashed) and gives its URL, under the runtime public path (static_url). */
declare module '*.svg' {
  const url: string;
  export default url;
}

/** The loader's own texts of a catalog (scripts/i18n/messagesLoader.ts, `shared=0`): plain strings, no placeholders. */
declare module '*.json?ns=loader&shared=0' {
  const messages: Record<'loader.failed', string>;
  export default messages;
}

/** A part of a catalog (src/platform/i18n/widgetMessages.ts): compiled messages of one namespace and language. */
declare module '*&part' {
  const messages: import('@lingui/core').Messages;
  export default messages;
}
