/**
 * The top-level sections of the strings that only views loaded on demand show: the plugin and MCP settings and
 * approvals, and the history. The build serves them as a second bundle per language (build/locale-bundles.ts), so an
 * empty panel's first load leaves out about a quarter of its language. They load with the first part of the panel
 * loaded on demand (lazyView, components/common/on-demand.tsx), and a test keeps every module that shows them there.
 */
export const LATE_SECTIONS: readonly string[] = ['plugins', 'mcp', 'mcpOAuth', 'history'];
