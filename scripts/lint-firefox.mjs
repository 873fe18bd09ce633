// Lints the built Firefox add-on with Mozilla's own linter (`web-ext lint`) and fails
// on any error, warning or notice that is ours. Findings inside bundled libraries we
// cannot change are listed below, each matched by its code AND the library's own text
// at the reported spot, so the same kind of finding in our code still fails.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const addonDir = join(root, '.output', 'firefox-mv2');

/** Library findings: `near` must occur within WINDOW characters of the reported line and column. */
const THIRD_PARTY = [
  // Readability (page text) re-parses its own cloned nodes.
  { code: 'UNSAFE_VAR_ASSIGNMENT', file: /^content-scripts\//, near: 'this._attempts.push', why: 'Readability retries' },
  { code: 'UNSAFE_VAR_ASSIGNMENT', file: /^content-scripts\//, near: '_isSingleImage', why: 'Readability noscript images' },
  // DOMPurify parses the markup it is about to sanitise.
  { code: 'UNSAFE_VAR_ASSIGNMENT', file: /^chunks\/MarkdownRenderer-/, near: '"template",null', why: 'DOMPurify parser' },
  // highlight.js's highlightElement, which Parley never calls (it uses hljs.highlight + sanitizer).
  { code: 'UNSAFE_VAR_ASSIGNMENT', file: /^chunks\/code-highlighter-/, near: 'dataset.highlighted', why: 'highlight.js' },
  // React's dangerouslySetInnerHTML implementation.
  { code: 'UNSAFE_VAR_ASSIGNMENT', file: /^chunks\//, near: '"__html"in', why: 'react-dom' },
  // pdf.js probes for eval support and compiles PostScript functions when it is allowed (it is not, under the CSP).
  { code: 'DANGEROUS_EVAL', file: /pdf/, near: 'new Function(', why: 'pdf.js feature test' },
  // ajv's compiler, which the MCP SDK's client imports as its default validator; Parley passes the interpreting
  // @cfworker/json-schema validator instead (lib/mcp/connect.ts), so this code never runs.
  { code: 'DANGEROUS_EVAL', file: /^background\.js$/, near: 'validateFunctionCode', why: 'ajv compile (MCP SDK default)' },
  // zod's eval probe (`new Function("")` in a try), which Parley switches off before zod builds a schema
  // (lib/mcp/zod-jitless.ts). esbuild's minifier kept the probe in a shape the linter did not flag; terser's it does.
  { code: 'DANGEROUS_EVAL', file: /^background\.js$/, near: 'includes("Cloudflare")', why: 'zod allowsEval probe' },
  // pdf.js loads its worker and decoder fallbacks by URL.
  { code: 'UNSAFE_VAR_ASSIGNMENT', file: /pdf/, near: 'workerSrc', why: 'pdf.js worker' },
  { code: 'UNSAFE_VAR_ASSIGNMENT', file: /pdf/, near: 'openjpeg', why: 'pdf.js decoder fallback' },
];
const WINDOW = 400;

/** True when the finding sits in a known library, judged by the text around it. */
function isThirdParty(finding) {
  if (!finding.file || finding.line === undefined) return false;
  const rule = THIRD_PARTY.filter((r) => r.code === finding.code && r.file.test(finding.file));
  if (!rule.length) return false;
  const line = readFileSync(join(addonDir, finding.file), 'utf8').split('\n')[finding.line - 1] ?? '';
  const column = finding.column ?? 0;
  const around = line.slice(Math.max(0, column - WINDOW), column + WINDOW);
  return rule.some((r) => around.includes(r.near));
}

if (!existsSync(join(addonDir, 'manifest.json'))) {
  console.error(`No Firefox build in ${addonDir}: run \`npm run build:firefox\` first.`);
  process.exit(1);
}

const run = spawnSync(join(root, 'node_modules', '.bin', 'web-ext'), ['lint', '--source-dir', addonDir, '--output', 'json'], {
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
});
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  console.error('web-ext lint did not produce a report:\n' + run.stdout + run.stderr);
  process.exit(1);
}

const findings = ['errors', 'warnings', 'notices'].flatMap((kind) => (report[kind] ?? []).map((f) => ({ ...f, kind })));
const ours = findings.filter((f) => !isThirdParty(f));
const where = (f) => (f.file ? `${f.file}${f.line ? `:${f.line}:${f.column ?? 0}` : ''}` : 'add-on');
for (const f of ours) console.error(`${f.kind.slice(0, -1)} ${f.code} at ${where(f)}: ${f.message}`);
console.log(`web-ext lint: ${ours.length} finding(s) of ours, ${findings.length - ours.length} inside bundled libraries.`);
process.exit(ours.length ? 1 : 0);
