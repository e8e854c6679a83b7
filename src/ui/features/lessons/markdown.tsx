// Lesson Markdown (instructions, hints, check explanations) as React elements. A lesson may come from a
// stranger in a workshop, so the text is never HTML: markdown-it parses it with raw HTML off and no images,
// and its tokens become React elements here (text is escaped by React; tags come from a fixed list), links
// only to http(s) and mailto, opened in a new tab without a referrer.
import MarkdownIt, { type Token } from 'markdown-it';
import { createElement, Fragment, type ReactNode } from 'react';

const md = new MarkdownIt({ html: false, linkify: false, typographer: false }).disable(['image']);

const TAGS = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'blockquote',
  'strong',
  'em',
  's',
  'a',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
]);

/** Only web and mail links: no javascript:, data:, file: or other schemes, whatever markdown-it allows. */
export function safeHref(href: string | null): string | undefined {
  if (!href) return undefined;
  try {
    const url = new URL(href, 'https://lesson.invalid/');
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) && url.host !== 'lesson.invalid'
      ? url.href
      : undefined;
  } catch {
    return undefined;
  }
}

interface Frame {
  tag: string;
  props: Record<string, unknown>;
  children: ReactNode[];
}

function render(tokens: Token[], links = true): ReactNode[] {
  const root: Frame = { tag: '', props: {}, children: [] };
  const stack: Frame[] = [root];
  const top = () => stack[stack.length - 1] as Frame;
  let key = 0;
  for (const token of tokens) {
    if (token.nesting === 1) {
      const props: Record<string, unknown> = {};
      // A heading in a lesson step sits under the panel's own headings.
      const tag = /^h[1-6]$/.test(token.tag) ? 'h4' : token.tag;
      if (tag === 'a') {
        props.href = safeHref(String(token.attrGet('href') ?? ''));
        props.target = '_blank';
        props.rel = 'noopener noreferrer';
      }
      if (tag === 'ol' && token.attrGet('start')) props.start = Number(token.attrGet('start'));
      // A tight list's paragraphs are hidden: their text goes straight into the item.
      const shown = TAGS.has(tag) && !token.hidden && (links || tag !== 'a');
      stack.push({ tag: shown ? tag : '', props, children: [] });
      continue;
    }
    if (token.nesting === -1) {
      const frame = stack.pop() as Frame;
      const element = frame.tag
        ? createElement(frame.tag, { ...frame.props, key: key++ }, ...frame.children)
        : createElement(Fragment, { key: key++ }, ...frame.children);
      top().children.push(element);
      continue;
    }
    switch (token.type) {
      case 'inline':
        top().children.push(...render(token.children ?? [], links));
        break;
      case 'text':
        top().children.push(token.content);
        break;
      case 'code_inline':
        top().children.push(createElement('code', { key: key++ }, token.content));
        break;
      case 'code_block':
      case 'fence':
        top().children.push(
          createElement('pre', { key: key++ }, createElement('code', null, token.content.replace(/\n$/, ''))),
        );
        break;
      case 'softbreak':
        top().children.push('\n');
        break;
      case 'hardbreak':
        top().children.push(createElement('br', { key: key++ }));
        break;
      case 'hr':
        top().children.push(createElement('hr', { key: key++ }));
        break;
      default:
        // Anything else (none with html off and images disabled) is shown as its text, never as markup.
        if (token.content) top().children.push(token.content);
    }
  }
  return root.children;
}

/** Markdown from a lesson, rendered safely. */
export function Markdown({ text, className }: { text: string; className?: string }) {
  return <div className={`markdown${className ? ` ${className}` : ''}`}>{render(md.parse(text, {}))}</div>;
}

/**
 * One paragraph of Markdown without its block: a summary or a check's explanation inside a line. Inside a
 * button (a card) links are shown as their text: a link cannot sit in a button.
 */
export function InlineMarkdown({ text, links = true }: { text: string; links?: boolean }) {
  return <>{render(md.parseInline(text, {}), links)}</>;
}
