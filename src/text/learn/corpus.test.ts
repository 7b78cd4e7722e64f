import { describe, expect, it } from 'vitest';
import { CorpusError, parseUtterances, saidText } from './corpus.js';
import { readWrittenCorpus } from '#scripts/learn/corpus-files.js';

const one = (text: string) => {
  const [utterance] = parseUtterances(text, 'test.txt');
  if (utterance === undefined) throw new Error('no utterance');
  return utterance;
};
const roles = (text: string) =>
  one(text)
    .words.filter((word) => word.role !== 'said')
    .map((word) => `${word.role}:${word.text}`);

describe('the training corpus markup', () => {
  it('gives back the transcript the speech engine said and what the person meant to write', () => {
    const utterance = one(
      'checklist work browser | salon\nso [um] for tonight * restock the toner * ring mrs patel\n~on tuesday~ <sorry> on wednesday {what else} * and wipe down the dryers',
    );
    expect(utterance.transcript).toBe(
      'so um for tonight restock the toner ring mrs patel on tuesday sorry on wednesday what else and wipe down the dryers',
    );
    expect(saidText(utterance)).toBe(
      'so for tonight restock the toner ring mrs patel on wednesday and wipe down the dryers',
    );
    expect(utterance).toMatchObject({
      format: 'checklist',
      category: 'work',
      style: 'browser',
      situation: 'salon',
    });
    expect(utterance.words.filter((word) => word.itemStart).map((word) => word.text)).toEqual([
      'restock',
      'ring',
      'and',
    ]);
  });

  it('labels fillers, asides, retracted words and their cue, punctuation kept with them', () => {
    expect(
      roles(
        'pitch work whisper | farm shop\n^problem [So, um,] we sell out by ten. ^solution An honesty fridge, ~open all week~ <no, wait,> open till eight.',
      ),
    ).toEqual([
      'filler:So,',
      'filler:um,',
      'retracted:open',
      'retracted:all',
      'retracted:week',
      'cue:no,',
      'cue:wait,',
    ]);
    const pitch = one('pitch none whisper | x\n^problem It rains. ^why So we stay dry.');
    expect(pitch.category).toBeNull();
    expect(pitch.words.filter((word) => word.part).map((word) => [word.text, word.part])).toEqual([
      ['It', 'problem'],
      ['So', 'why'],
    ]);
  });

  it('marks a sentence start only at a lone slash, so "24/7" is a word', () => {
    const utterance = one('tweet work whisper | shop\nWe are open 24/7 now. / Come by');
    expect(utterance.transcript).toBe('We are open 24/7 now. Come by');
    expect(utterance.words.filter((word) => word.sentenceStart).map((word) => word.text)).toEqual([
      'Come',
    ]);
  });

  it.each([
    ['tweet work browser | x\nsay ~five~ six', /no cue/u],
    ['tweet work browser | x\nsay <sorry> six', /no retracted phrase/u],
    ['tweet work browser | x\nsay [um five', /never closed/u],
    ['tweet work browser | x\nsay [um {oh} ] five', /do not nest/u],
    ['tweet work browser | x\nSay five.', /browser style/u],
    ['tweet work browser | x\nsay * five', /item starts/u],
    ['tweet job browser | x\nsay five', /unknown category/u],
    ['tweet work browser\nsay five', /situation/u],
    ['tweet work browser | x\n[um]', /nothing is left/u],
    ['pitch work browser | x\n^gain say five', /unknown pitch part/u],
  ])('names the line of a mistake: %s', (text, why) => {
    expect(() => parseUtterances(`# a comment\n\n${text}`, 'test.txt')).toThrow(CorpusError);
    expect(() => parseUtterances(`# a comment\n\n${text}`, 'test.txt')).toThrow(
      new RegExp(`^test.txt:3: .*${why.source}`, 'u'),
    );
  });

  it('reads every hand-written corpus file without a mistake', () => {
    expect(readWrittenCorpus().length).toBeGreaterThan(0);
  });
});
