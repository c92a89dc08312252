/**
 * The store's end of the sagas before they arrive: redux-saga and the sagas download with the
 * flows (flows.ts), on a page after its first view. A feature whose sagas are still loading gets
 * a buffer of every action since its widget appeared, in order, which its sagas are handed when
 * they start (nothing the borrower did in the meantime is lost). Placed last in the chain, right
 * before the reducers, so an action is kept before the sagas react to it.
 */
import type { Middleware, UnknownAction } from '@reduxjs/toolkit';

export interface ActionBuffer {
  readonly actions: readonly UnknownAction[];
  /** Stops keeping actions and returns those kept. */
  close(): UnknownAction[];
}

export interface ActionBuffers {
  middleware: Middleware;
  /** Keeps every action from now on until closed. */
  open(): ActionBuffer;
}

export function createActionBuffers(): ActionBuffers {
  const buffers = new Set<UnknownAction[]>();
  const middleware: Middleware = () => (next) => (action) => {
    const result = next(action);
    for (const buffer of buffers) buffer.push(action as UnknownAction);
    return result;
  };
  return {
    middleware,
    open() {
      const actions: UnknownAction[] = [];
      buffers.add(actions);
      return {
        actions,
        close() {
          buffers.delete(actions);
          return actions;
        },
      };
    },
  };
}
