/**
 * Runs before each storefront test file that shares its worker (the
 * `storefront` project in vitest.config.ts, decision 0210): the storefront's
 * modules are evaluated afresh, as in a worker of its own, and the document
 * an earlier file left behind is emptied. Files that mock modules
 * (`vi.mock`) run in workers of their own instead: vitest keeps module
 * mocks for the files after them in a shared worker.
 */
import { vi } from 'vitest';

vi.resetModules();
document.head.innerHTML = '';
document.body.innerHTML = '';
document.title = '';
