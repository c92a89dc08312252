// A stage of the widget runtime (loader.ts): the page store and the config check.
export { Provider } from 'react-redux';
export { parseConfig } from '../../platform/config';
export { makePageStore } from '../../firstView/pageStore';
