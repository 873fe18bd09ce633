import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { codeLines, CODE_WINDOW_LINES, HIGHLIGHT_CHUNK_CHARS } from './code-lines';
import { whenIdle } from './idle';
import { useHighlighter } from './lazy-modules';

interface CodeBlockProps {
  code: string;
  language: string;
  /** False while the block is still streaming: highlighting then waits for the final text. */
  highlight: boolean;
}

const COPIED_FOR_MS = 2000;

export function CodeBlock({ code, language, highlight }: CodeBlockProps) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const [all, setAll] = useState(false);
  const { chunks, lines } = useMemo(() => codeLines(code, all ? Infinity : CODE_WINDOW_LINES), [code, all]);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = () => {
    navigator.clipboard.writeText(code).then(
      () => setCopied(true),
      // Clipboard refused (no focus, no permission): the label simply stays "Copy code".
      () => undefined,
    );
  };

  const highlighted = highlight && !!language;
  return (
    <div className="md-code" dir="ltr">
      <div className="md-code-bar">
        <span className="md-code-lang">{language}</span>
        <button type="button" className="md-copy" onClick={copy}>
          {copied ? t('markdown.copied') : t('markdown.copyCode')}
        </button>
      </div>
      <pre tabIndex={0}>
        {chunks.length === 1 ? (
          highlighted && chunks[0]!.length <= HIGHLIGHT_CHUNK_CHARS ? (
            <HighlightedCode code={chunks[0]!} language={language} />
          ) : (
            <code>{chunks[0]}</code>
          )
        ) : (
          <ChunkedCode chunks={chunks} language={highlighted ? language : ''} />
        )}
      </pre>
      {!all && lines > CODE_WINDOW_LINES && (
        // dir="auto": the label is in the reader's language, inside a left-to-right code block.
        <button type="button" className="md-more" dir="auto" onClick={() => setAll(true)}>
          {t('markdown.showAllLines', { count: lines })}
        </button>
      )}
    </div>
  );
}

function HighlightedCode({ code, language }: { code: string; language: string }) {
  const highlighter = useHighlighter();
  const html = useMemo(() => highlighter?.highlightCode(code, language) ?? null, [highlighter, code, language]);
  if (html === null) return <code>{code}</code>;
  return <code className="hljs" dangerouslySetInnerHTML={{ __html: html }} />;
}

/**
 * A long code block as slices of lines. Each slice is highlighted on its own,
 * in an idle task and only once it nears the viewport, so no single
 * highlight.js call handles more than one slice; offscreen slices also skip
 * layout (content-visibility in markdown.css).
 */
function ChunkedCode({ chunks, language }: { chunks: readonly string[]; language: string }) {
  const highlighter = useHighlighter();
  const active = language && highlighter ? highlighter : null;
  return (
    <code className={active ? 'hljs' : undefined}>
      {chunks.map((chunk, index) => (
        <CodeChunk key={index} text={chunk} language={language} highlighter={active} />
      ))}
    </code>
  );
}

type Highlighter = NonNullable<ReturnType<typeof useHighlighter>>;

const CodeChunk = memo(function CodeChunk({
  text,
  language,
  highlighter,
}: {
  text: string;
  language: string;
  highlighter: Highlighter | null;
}) {
  const ref = useRef<HTMLSpanElement>(null);
  const [done, setDone] = useState<{ text: string; html: string | null } | null>(null);

  useEffect(() => {
    const element = ref.current;
    if (!highlighter || !element || text.length > HIGHLIGHT_CHUNK_CHARS) return;
    let cancel = () => undefined as void;
    const start = () => {
      cancel = whenIdle(() => setDone({ text, html: highlighter.highlightCode(text, language) }));
    };
    if (typeof IntersectionObserver !== 'function') {
      start();
      return () => cancel();
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        start();
      },
      { rootMargin: '800px 0px' },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      cancel();
    };
  }, [highlighter, text, language]);

  const html = done?.text === text ? done.html : null;
  if (html === null)
    return (
      <span ref={ref} className="md-code-chunk">
        {text}
      </span>
    );
  return <span ref={ref} className="md-code-chunk" dangerouslySetInnerHTML={{ __html: html }} />;
});
