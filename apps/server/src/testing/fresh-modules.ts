/**
 * Runs before each server test file. Files share their worker for the
 * packages it has loaded (Fastify, drizzle, PGlite's compiled WebAssembly:
 * decision 0210); the server's own modules are evaluated afresh for each
 * file, so a file sees module state (counters, once-only warnings) as it
 * would in a process of its own.
 */
import { vi } from 'vitest';

vi.resetModules();
