// Measures the two English NLP libraries considered for the text engine on the labelled corpus
// (docs/decisions/021-english-nlp-library.md): the same rules, tagged once by wink-nlp with
// its lite English model and once by compromise, compared on checklist item F1, inference
// accuracy and formats per CPU-second.
//
//   npx tsx scripts/bench/nlp-compare.ts
import nlp from 'compromise';
import { cpus, loadavg } from 'node:os';
import { formatChecklist } from '#text/formats/checklist.js';
import { formatPitch } from '#text/formats/pitch.js';
import { inferWithRules, type SentenceTagger } from '#text/infer.js';
import { tagSentences, type TaggedToken } from '#text/nlp.js';
import { cleanSpeech } from '#text/sentences.js';
import type { Token } from '#text/tokenizer.js';
import { LABELLED } from '#tests/fixtures/transcripts/labelled.js';
import { checklistItems, itemF1, matchItems } from '#tests/support/corpus-quality.js';

/** compromise's tags as the universal POS tags the rules read. */
function universalTag(tags: readonly string[]): string {
  const has = (tag: string): boolean => tags.includes(tag);
  if (has('Pronoun')) return 'PRON';
  if (has('Auxiliary') || has('Copula') || has('Modal')) return 'AUX';
  if (has('Verb')) return 'VERB';
  if (has('ProperNoun')) return 'PROPN';
  if (has('Value') || has('Cardinal')) return 'NUM';
  if (has('Noun')) return 'NOUN';
  if (has('Adjective')) return 'ADJ';
  if (has('Adverb')) return 'ADV';
  if (has('Determiner')) return 'DET';
  if (has('Preposition')) return 'ADP';
  if (has('Conjunction')) return 'CCONJ';
  if (has('Expression')) return 'INTJ';
  return 'X';
}

interface CompromiseTerm {
  tags: string[];
  root?: string;
  normal?: string;
  offset: { start: number; length: number };
}

/** The engine's tokens tagged by compromise, aligned by character offset as nlp.ts does. */
function compromiseTagTokens(tokens: readonly Token[]): TaggedToken[] {
  const starts: number[] = [];
  let text = '';
  for (const token of tokens) {
    if (text !== '') text += ' ';
    starts.push(text.length);
    text += token.text;
  }
  const tagged: TaggedToken[] = tokens.map((token) => ({
    text: token.text,
    lower: token.lower,
    kind: token.kind,
    space: token.space,
    pos: token.kind === 'word' ? 'X' : 'PUNCT',
    lemma: token.lower,
  }));
  const doc = nlp(text);
  doc.compute('root');
  // `root` is filled by compute('root'); the option type does not list it.
  const options = { offset: true, terms: { root: true, normal: true } };
  const sentences = doc.json(options) as { terms: CompromiseTerm[] }[];
  let index = 0;
  for (const term of sentences.flatMap((sentence) => sentence.terms)) {
    const start = term.offset.start;
    while (index + 1 < starts.length && (starts[index + 1] as number) <= start) index++;
    const token = tagged[index];
    if (token === undefined || token.kind !== 'word' || starts[index] !== start) continue;
    token.pos = universalTag(term.tags);
    token.lemma = (term.root ?? term.normal ?? token.lower).toLowerCase();
  }
  return tagged;
}

const compromiseTagSentences: SentenceTagger = (sentences) => {
  const out: TaggedToken[][] = [];
  const flat: Token[] = [];
  const breakToken: Token = { text: '.', lower: '.', kind: 'end', space: false };
  for (const sentence of sentences) flat.push(...sentence.tokens, breakToken);
  const tagged = compromiseTagTokens(flat);
  let at = 0;
  for (const sentence of sentences) {
    out.push(tagged.slice(at, at + sentence.tokens.length));
    at += sentence.tokens.length + 1;
  }
  return out;
};

interface Figures {
  name: string;
  f1: number;
  format: number;
  category: number;
  perSecond: number;
}

function measure(name: string, tag: SentenceTagger): Figures {
  const checklists = LABELLED.filter((item) => item.items !== undefined);
  const f1 = itemF1(
    checklists.map((item) =>
      matchItems(
        checklistItems(formatChecklist(tag(cleanSpeech(item.transcript)), item.category)),
        item.items ?? [],
      ),
    ),
  );
  let format = 0;
  let category = 0;
  for (const item of LABELLED) {
    const inferred = inferWithRules(item.transcript, tag);
    if (inferred.format === item.format) format++;
    if (inferred.category === item.category) category++;
  }
  // Throughput: tag and format each transcript in its labelled format (tweets need no tags).
  const run = (): void => {
    for (const item of LABELLED) {
      if (item.format === 'tweet') continue;
      const tagged = tag(cleanSpeech(item.transcript));
      if (item.format === 'checklist') formatChecklist(tagged, item.category);
      else formatPitch(tagged, item.category);
    }
  };
  run();
  const formatted = LABELLED.filter((item) => item.format !== 'tweet').length;
  let rounds = 0;
  const cpuStarted = process.cpuUsage();
  const started = performance.now();
  while (performance.now() - started < 3000) {
    run();
    rounds++;
  }
  const cpu = process.cpuUsage(cpuStarted);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  return {
    name,
    f1,
    format: format / LABELLED.length,
    category: category / LABELLED.length,
    perSecond: (rounds * formatted) / cpuSeconds,
  };
}

const percent = (value: number): string => `${(value * 100).toFixed(1)}%`;
console.log(
  `nlp-compare: ${LABELLED.length} labelled transcripts, ${cpus().length} cores, Node ${process.version}, load ${(loadavg()[0] ?? 0).toFixed(2)}`,
);
console.log(
  '| Library | Checklist item F1 | Format right | Category right | Checklists and pitches per CPU-second |',
);
console.log('|---|---|---|---|---|');
for (const figures of [
  measure('wink-nlp 2.4.0 + wink-eng-lite-web-model 1.8.1', tagSentences),
  measure('compromise 14.17.0', compromiseTagSentences),
]) {
  console.log(
    `| ${figures.name} | ${figures.f1.toFixed(3)} | ${percent(figures.format)} | ${percent(figures.category)} | ${Math.round(figures.perSecond).toLocaleString('en-US')} |`,
  );
}
