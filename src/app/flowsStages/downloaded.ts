// A stage of the flows' download (pageStore.ts): nothing of its own. Imported under the flows' chunk
// name, it brings every file of the flows, compiled in the task they arrive in, and evaluates none.
export {};
