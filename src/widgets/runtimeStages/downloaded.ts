// A stage of the widget runtime (loader.ts): nothing of its own. Imported under the runtime's chunk
// name, it brings every file of the runtime, compiled in the task they arrive in, and evaluates none.
export {};
