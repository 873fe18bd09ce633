/** The figure groups `--only` can name, in the order the bench takes them. */
export const FIGURE_GROUPS = ['open', 'long-conversation', 'stream', 'huge', 'read-aloud', 'sentence-gap', 'worker'] as const;
export type FigureGroup = (typeof FIGURE_GROUPS)[number];

export interface BenchOptions {
  /** A git ref whose build is measured as A beside the working tree's (B); none measures the working tree alone. */
  against?: string;
  /** Runs per figure and per build. */
  runs: number;
  /** The figure groups to take. */
  only: ReadonlySet<FigureGroup>;
}

export const DEFAULT_RUNS = 7;

export const USAGE = `usage: npm run bench -- [--against <git-ref>] [--runs <n>] [--only <group>[,<group>...]]
  --against <git-ref>  also build <git-ref> (A) and measure it beside the working tree (B), alternating in each round
  --runs <n>           runs per figure and build (default ${DEFAULT_RUNS})
  --only <groups>      take only these figure groups: ${FIGURE_GROUPS.join(', ')}`;

/** Reads the bench's command line (what follows `npm run bench --`); throws a message with the usage on a mistake. */
export function parseBenchArgs(argv: readonly string[]): BenchOptions {
  let against: string | undefined;
  let runs = DEFAULT_RUNS;
  let only = new Set<FigureGroup>(FIGURE_GROUPS);
  const fail = (problem: string): never => {
    throw new Error(`${problem}\n${USAGE}`);
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i]!.split(/=(.*)/s, 2) as [string, string | undefined];
    const value = (): string => {
      const next = inline ?? argv[++i];
      if (next === undefined || next === '' || (inline === undefined && next.startsWith('--'))) fail(`${flag} needs a value`);
      return next!;
    };
    switch (flag) {
      case '--against':
        against = value();
        break;
      case '--runs': {
        const text = value();
        runs = Number(text);
        if (!/^\d+$/.test(text) || runs < 1) fail(`--runs takes a whole number of at least 1, not "${text}"`);
        break;
      }
      case '--only': {
        const names = value()
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean);
        const unknown = names.filter((name) => !(FIGURE_GROUPS as readonly string[]).includes(name));
        if (unknown.length) fail(`--only does not know ${unknown.join(', ')}`);
        if (!names.length) fail('--only needs at least one group');
        only = new Set(names as FigureGroup[]);
        break;
      }
      default:
        fail(`unknown argument "${argv[i]}"`);
    }
  }
  return { against, runs, only };
}
