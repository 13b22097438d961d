import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

const src = decodeURIComponent(new URL('./src', import.meta.url).pathname);

export default defineProject({
  plugins: [react()],
  resolve: { alias: { '@': src } },
  test: {
    name: 'storefront',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['./src/testing/setup.ts'],
    // Dates are formatted in the organisation's zone; a browser zone far from
    // it proves the formatting never falls back to the machine's zone.
    env: { TZ: 'Pacific/Kiritimati' },
  },
});
