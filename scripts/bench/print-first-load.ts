import { join } from 'node:path';
import { describeFirstLoad, firstLoadJs } from './first-load';

/** The first-load figure alone, without the browser runs of `npm run bench`: `node scripts/run-ts.mjs scripts/bench/print-first-load.ts`. */
export function main(root: string): void {
  console.log(describeFirstLoad(firstLoadJs(join(root, '.output/chrome-mv3'))));
}
