import { Fragment } from 'react';

type Block =
  | { readonly kind: 'heading'; readonly text: string }
  | { readonly kind: 'list'; readonly items: readonly string[] }
  | { readonly kind: 'paragraph'; readonly text: string };

/**
 * A policy's plain text as blocks: paragraphs apart by a blank line, "## " starts a heading, and a
 * paragraph whose lines all start with "- " is a list. Text only: nothing in it is markup.
 */
export function policyBlocks(body: string): Block[] {
  return body
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((chunk) => chunk.trim())
    .filter((chunk) => chunk !== '')
    .flatMap((chunk): Block[] => {
      const lines = chunk.split('\n').map((line) => line.trim());
      const first = lines[0] ?? '';
      if (first.startsWith('## ')) {
        const rest = lines.slice(1).join('\n');
        const heading: Block = { kind: 'heading', text: first.slice(3).trim() };
        return rest ? [heading, ...policyBlocks(rest)] : [heading];
      }
      if (lines.every((line) => line.startsWith('- '))) {
        return [{ kind: 'list', items: lines.map((line) => line.slice(2).trim()) }];
      }
      return [{ kind: 'paragraph', text: lines.join('\n') }];
    });
}

/** A policy's text, headings at `level`. */
export function PolicyText({ body, level = 3 }: { readonly body: string; readonly level?: 3 | 4 }) {
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <div className="policy-text">
      {policyBlocks(body).map((block, index) => (
        <Fragment key={index}>
          {block.kind === 'heading' ? <Heading className="policy-text__heading">{block.text}</Heading> : null}
          {block.kind === 'paragraph' ? <p className="policy-text__paragraph">{block.text}</p> : null}
          {block.kind === 'list' ? (
            <ul className="policy-text__list">
              {block.items.map((item, itemIndex) => (
                <li key={itemIndex}>{item}</li>
              ))}
            </ul>
          ) : null}
        </Fragment>
      ))}
    </div>
  );
}
