import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Another commit's Chrome build, outside the working tree. */
export interface RefBuild {
  /** The ref as given and the commit it names, e.g. "7b6e05e (7b6e05e)". */
  readonly name: string;
  /** Its `.output/chrome-mv3`. */
  readonly dir: string;
  remove(): void;
}

const git = (root: string, args: string[]): string => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();

/** The commit `ref` names in the repository at `root`, short; throws a clear message if it names none. */
export function resolveRef(root: string, ref: string): string {
  try {
    return git(root, ['rev-parse', '--verify', '--quiet', '--short', `${ref}^{commit}`]);
  } catch {
    throw new Error(`--against ${ref}: no such commit in this repository (try a commit hash, a branch or a tag).`);
  }
}

/**
 * Builds `ref` as its own `npm run build` does (validators, then wxt build) in a temporary, detached git worktree that
 * shares this tree's node_modules, keeps a copy of its Chrome output and removes the worktree at once. The output is
 * removed by `remove()`, and on Ctrl+C.
 */
export function buildRef(root: string, ref: string): RefBuild {
  const commit = resolveRef(root, ref);
  const tmp = mkdtempSync(join(tmpdir(), 'parley-bench-ref-'));
  const tree = join(tmp, 'tree');
  const dir = join(tmp, 'chrome-mv3');
  const remove = () => rmSync(tmp, { recursive: true, force: true, maxRetries: 3 });
  const interrupted = () => {
    removeWorktree(root, tree);
    remove();
    process.exit(130);
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    console.log(`bench: building ${ref} (${commit}) in ${tree} as A`);
    git(root, ['worktree', 'add', '--detach', tree, commit]);
    symlinkSync(realpathSync(join(root, 'node_modules')), join(tree, 'node_modules'));
    execFileSync('npm', ['run', 'build'], { cwd: tree, stdio: 'inherit' });
    const output = join(tree, '.output/chrome-mv3');
    if (!existsSync(join(output, 'manifest.json'))) throw new Error(`--against ${ref}: its build left no ${output}/manifest.json`);
    cpSync(output, dir, { recursive: true });
  } catch (error) {
    remove();
    throw error;
  } finally {
    removeWorktree(root, tree);
  }
  return {
    name: ref === commit ? commit : `${ref} (${commit})`,
    dir,
    remove() {
      process.off('SIGINT', interrupted);
      process.off('SIGTERM', interrupted);
      remove();
    },
  };
}

/** Removes the temporary worktree and git's record of it; the node_modules link goes with it, not what it points to. */
function removeWorktree(root: string, tree: string): void {
  // The link first, so that nothing below can reach the shared install through it.
  rmSync(join(tree, 'node_modules'), { force: true });
  if (existsSync(tree)) {
    try {
      git(root, ['worktree', 'remove', '--force', tree]);
    } catch {
      rmSync(tree, { recursive: true, force: true, maxRetries: 3 });
    }
  }
  git(root, ['worktree', 'prune']);
}
