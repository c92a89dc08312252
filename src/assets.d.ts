/** An image imported by a component: webpack emits it under dist/static (hashed) and gives its URL, under the runtime public path (static_url). */
declare module '*.svg' {
  const url: string;
  export default url;
}
