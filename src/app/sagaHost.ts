/**
 * The store's end of the sagas, without redux-saga itself: redux-saga and the sagas arrive with
 * the flows (flows.ts), on a page after its first view. Each started saga listens on its own
 * channel; this middleware hands every action, once the reducers have it, to each channel, as
 * redux-saga's own middleware does. A feature whose sagas are still loading gets a buffer
 * instead, so its sagas later see every action since its widget appeared, in order (nothing
 * the borrower did in the meantime is lost).
 */
import type { Middleware, UnknownAction } from '@reduxjs/toolkit';

/** What the host needs of a redux-saga channel. */
export interface SagaInput {
  put(action: UnknownAction): void;
}

export interface ActionBuffer {
  readonly actions: readonly UnknownAction[];
  /** Stops keeping actions and returns those kept. */
  close(): UnknownAction[];
}

export interface SagaHost {
  middleware: Middleware;
  /** Keeps every action from now on until closed. */
  openBuffer(): ActionBuffer;
  /** From now on, every action also goes to `input`. */
  connect(input: SagaInput): void;
}

export function createSagaHost(): SagaHost {
  const inputs = new Set<SagaInput>();
  const buffers = new Set<UnknownAction[]>();
  const middleware: Middleware = () => (next) => (action) => {
    const result = next(action);
    for (const buffer of buffers) buffer.push(action as UnknownAction);
    for (const input of inputs) input.put(action as UnknownAction);
    return result;
  };
  return {
    middleware,
    openBuffer() {
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
    connect(input) {
      inputs.add(input);
    },
  };
}
