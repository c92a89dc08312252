// A stage of the widget runtime (loader.ts): React and its DOM renderer.
export { createRoot } from 'react-dom/client';
export { jsx } from 'react/jsx-runtime';
