import 'fake-indexeddb/auto';
import { afterAll, vi } from 'vitest';

// A view's lazy parts can still be loading when a file's last test ends (an answer's speech settings, say). The
// worker then tears the environment down under the import, and the run fails with an error no test owns.
afterAll(() => vi.dynamicImportSettled());
