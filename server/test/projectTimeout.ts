/**
 * The server project's timeout (jest.config.ts: jest 30 reads `testTimeout` from the root config only, so
 * a project sets its own here). Its tests start servers, spawn processes, compile the server or send
 * hundreds of requests: 120 s on a loaded 2-core machine, where the client's 60 s is too short for them.
 */
jest.setTimeout(120_000);
