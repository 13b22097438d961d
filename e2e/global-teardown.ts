import { rmSync } from 'node:fs';

/** Drops this run's database folder; every run starts from a fresh demo seed. */
export default function globalTeardown(): void {
  const dataFolder = process.env.KASSA_E2E_DATA_DIR;
  if (dataFolder) rmSync(dataFolder, { recursive: true, force: true });
}
