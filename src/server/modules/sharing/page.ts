import { createHash } from 'node:crypto';
import { parseChecklist, hasTasks, progressText } from '#contract/checklist.js';
import { suggestedTitle } from '#contract/idea-title.js';
import { CATEGORY_LABELS, FORMAT_COLORS, FORMAT_LABELS } from '#contract/taxonomy.js';
import type { SharedIdea } from './repository.js';

/**
 * The public page of a share link (docs/product.md, "Share links"): plain HTML written on the
 * server, one inline stylesheet allowed by its hash and nothing else, so it reads the same with
 * JavaScript off and nothing on it can run. Every character of the idea is escaped.
 */

const DESCRIPTION_MAX_CHARS = 200;

const STYLE = `
:root{color-scheme:light dark;--bg:#fafafa;--surface:#fff;--text:#18181b;--muted:#52525b;--line:#e4e4e7}
@media (prefers-color-scheme:dark){:root{--bg:#09090b;--surface:#18181b;--text:#f4f4f5;--muted:#a1a1aa;--line:#3f3f46}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--text);font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:560px;margin:0 auto;padding:24px 16px 48px}
header{font-weight:600;font-size:20px;margin-bottom:16px}
h1{font-size:22px;line-height:1.3;margin:0 0 8px}
article{background:var(--surface);border:1px solid var(--line);border-radius:12px;padding:20px}
.badges{display:flex;flex-wrap:wrap;gap:8px;margin-bottom:12px}
.badge{border-radius:9999px;padding:2px 12px;font-size:14px;font-weight:600;border:1px solid var(--line)}
.format{color:#fff;border-color:transparent}
.format-tweet{background:#1d4ed8}.format-checklist{background:#047857}.format-pitch{background:#6d28d9}
.text{font-size:18px;white-space:pre-wrap;overflow-wrap:anywhere;margin:0 0 12px}
ul{list-style:none;margin:0;padding:0;font-size:18px}
li{display:flex;gap:10px;padding:6px 0;overflow-wrap:anywhere}
li .box{flex:none;font-size:20px;line-height:1.4}
li.done span:last-child{text-decoration:line-through;color:var(--muted)}
.progress,footer{color:var(--muted);font-size:14px}
footer{margin-top:24px}
`;

/** The CSP of every page this file writes: the stylesheet above by its hash, nothing else. */
export const SHARE_PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

function bodyOf(content: string): string {
  if (!hasTasks(content)) return `<p class="text">${escapeHtml(content.trim())}</p>`;
  const list = parseChecklist(content);
  const parts: string[] = [];
  let items: string[] = [];
  const closeList = () => {
    if (items.length > 0) parts.push(`<ul>${items.join('')}</ul>`);
    items = [];
  };
  for (const row of list.rows) {
    if (row.kind === 'text') {
      closeList();
      parts.push(`<p class="text">${escapeHtml(row.text)}</p>`);
    } else {
      const state = row.done ? 'done' : 'not done';
      items.push(
        `<li${row.done ? ' class="done"' : ''}><span class="box" role="img" aria-label="${state}">${row.done ? '☑' : '☐'}</span><span>${escapeHtml(row.text)}</span></li>`,
      );
    }
  }
  closeList();
  parts.push(`<p class="progress">${progressText(list)}</p>`);
  return parts.join('\n');
}

function page(head: string, main: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<meta name="color-scheme" content="light dark">
${head}
<style>${STYLE}</style>
</head>
<body>
<main>
<header>Voice Ideas</header>
${main}
</main>
</body>
</html>
`;
}

export function sharePage(idea: SharedIdea, url: string): string {
  const title = suggestedTitle(idea.content) || `A ${FORMAT_LABELS[idea.format].toLowerCase()}`;
  const flat = idea.content.replace(/\s+/g, ' ').trim();
  const characters = Array.from(flat);
  const description =
    characters.length > DESCRIPTION_MAX_CHARS
      ? `${characters
          .slice(0, DESCRIPTION_MAX_CHARS - 1)
          .join('')
          .trimEnd()}…`
      : flat;
  const head = [
    `<title>${escapeHtml(title)} · Voice Ideas</title>`,
    `<meta name="description" content="${escapeHtml(description)}">`,
    `<meta name="theme-color" content="${FORMAT_COLORS[idea.format]}">`,
    `<meta property="og:type" content="article">`,
    `<meta property="og:site_name" content="Voice Ideas">`,
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    `<meta property="og:description" content="${escapeHtml(description)}">`,
    `<meta property="og:url" content="${escapeHtml(url)}">`,
    `<meta name="twitter:card" content="summary">`,
  ].join('\n');
  const main = `<article>
<div class="badges">
<span class="badge format format-${idea.format}">${FORMAT_LABELS[idea.format]}</span>
<span class="badge">${CATEGORY_LABELS[idea.category]}</span>
</div>
${bodyOf(idea.content)}
</article>
<footer>Shared from Voice Ideas. Read only.</footer>`;
  return page(head, main);
}

export function missingSharePage(): string {
  return page(
    `<title>Link not found · Voice Ideas</title>`,
    `<article>
<h1>This link does not work</h1>
<p>The idea was unshared or deleted, or the link was copied incompletely.</p>
</article>`,
  );
}
