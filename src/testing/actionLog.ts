import { isAction, type Middleware, type UnknownAction } from '@reduxjs/toolkit';

/** Records the type of every dispatched action, for asserting the story a flow tells. */
export function actionLog() {
  const types: string[] = [];
  const actions: UnknownAction[] = [];
  const middleware: Middleware = () => (next) => (action) => {
    if (isAction(action)) {
      types.push(action.type);
      actions.push(action as UnknownAction);
    }
    return next(action);
  };
  return {
    types,
    actions,
    middleware,
    /** The types whose domain is one of `domains` (e.g. 'registration', 'api/executeMutation'). */
    of: (...domains: string[]) => types.filter((type) => domains.some((domain) => type.startsWith(`${domain}/`))),
  };
}
