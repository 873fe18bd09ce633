import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
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

  return (
    <div className="md-code" dir="ltr">
      <div className="md-code-bar">
        <span className="md-code-lang">{language}</span>
        <button type="button" className="md-copy" onClick={copy}>
          {copied ? t('markdown.copied') : t('markdown.copyCode')}
        </button>
      </div>
      <pre tabIndex={0}>{highlight && language ? <HighlightedCode code={code} language={language} /> : <code>{code}</code>}</pre>
    </div>
  );
}

function HighlightedCode({ code, language }: { code: string; language: string }) {
  const highlighter = useHighlighter();
  const html = useMemo(() => highlighter?.highlightCode(code, language) ?? null, [highlighter, code, language]);
  if (html === null) return <code>{code}</code>;
  return <code className="hljs" dangerouslySetInnerHTML={{ __html: html }} />;
}
