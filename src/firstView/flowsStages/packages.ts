// A stage of the flows' download (pageStore.ts): their packages, evaluated in a task of their own.
export { createApi } from '@reduxjs/toolkit/query';
export { default as createSagaMiddleware } from 'redux-saga';
export { spawn } from 'redux-saga/effects';
