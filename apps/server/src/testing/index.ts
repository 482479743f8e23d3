/**
 * What the browser tests and the benchmarks may use of the server's test helpers (the package's
 * `@td/server/testing` entry); the local EVM chain is its own entry, `@td/server/testing/local-chain`.
 */

/** The overnight swap job, run by a browser test on its own database to charge aged positions. */
export { createSwapJob } from '../modules/trading/swap-job';
export { bearer, createUser, randomIp, type TestUser } from './accounts';
export { binanceBookTicker, binanceKline } from './binance-messages';
export { buildTestApp, type TestApp } from './build-test-app';
export { ADULT_DETAILS, documentImage, idCardSubmission, kycForm } from './kyc';
export { ensureNginx, type RunningNginx, startNginx } from './nginx';
export { callProcess, signUpOnProcess, waitForMarketHistory } from './process-user';
export { openSessions, seedTraders } from './sessions';
export { freePort, killServers, type ServerProcess, spawnServer } from './spawn-server';
export { createTestDatabase, TEST_POSTGRES_URL, TEST_REDIS_URL } from './test-database';
export { startTestMailbox } from './test-mailbox';
export { startWsServer } from './ws-server';
